export * from './schemas';
export * from './roles';
export * from './routes';
export * from './paths';
export * from './access';
export * from './listRoutes';
export * from './routeSchemas';
export * from './format';

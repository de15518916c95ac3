// The modules the route table's schemas come from (routes.ts reads their types only; routeSchemas.ts
// their values). They import nothing above them: no route names, no access.
export * from './common';
export * from './authForms';
export * from './auth';
export * from './twoFactor';
export * from './admins';
export * from './dashboard';
export * from './analytics';
export * from './workQueues';
export * from './search';
export * from './listings';
export * from './moderation';
export * from './money';
export * from './ledger';
export * from './refunds';
export * from './invoices';
export * from './webhooks';
export * from './people';
export * from './content';
export * from './audit';
export * from './exports';
export * from './userStory';
export * from './batches';
export * from './disputes';
export * from './notes';
export * from './savedViews';
export * from './notifications';

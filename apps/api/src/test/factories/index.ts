/**
 * Test data factories: each inserts through Drizzle, takes overrides and answers the rows it made,
 * so a test sets up the rows it asserts on instead of changing seeded ones.
 */
export * from './activity';
export * from './audit';
export * from './blogs';
export * from './bookings';
export * from './jobs';
export * from './payments';
export * from './queries';
export * from './quotes';
export * from './sequence';
export * from './users';
export * from './utes';

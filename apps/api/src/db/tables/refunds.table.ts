// Issue 27: the refunds tables (see the migration of the same name).
export {};

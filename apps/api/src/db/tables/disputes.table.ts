// Issue 27: the disputes tables (see the migration of the same name).
export {};

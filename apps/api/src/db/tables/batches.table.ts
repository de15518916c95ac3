// Issue 27: the batches tables (see the migration of the same name).
export {};

// Issue 27: the invoices tables (see the migration of the same name).
export {};

import { customType, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Drizzle has no bytea column: node-postgres reads one as a Buffer and writes a Buffer as one. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Uploads when the engine is PostgreSQL (platform/storage/fileStorage.ts, PostgresFileStorage): every api process
 * serves what any of them stored, and a pg_dump backup holds them with the rows that name them.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    /** The area's folder (FILE_AREAS), the same name as on disk. */
    area: text('area').notNull(),
    /** The server-made name (SAFE_FILE_NAME). */
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.area, t.name] })],
);

import { getTableColumns, getTableName, type Column, type SQL } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '@ute/api/bench';

/** Runs one statement with positional parameters ($1...). */
export type Exec = (text: string, params: unknown[]) => Promise<unknown>;

export interface BulkLoader {
  /** Stands in for the Drizzle client inside seedDemoData: it supports `db.insert(table).values(rows)` and `db.execute(sql)`. */
  db: Db;
  /** Sends what is buffered and waits for every statement. */
  flush(): Promise<void>;
  readonly rowsLoaded: number;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The rows of the demo generator, sent in big batches as one JSON document each
 * (`insert ... select from json_populate_recordset`), a few statements in flight at once.
 *
 * Drizzle builds a multi-row INSERT one parameter at a time, which costs more CPU than the database
 * spends storing the rows; at a million rows per table that alone would take most of the time budget.
 * The rows, their values and the database defaults are the same as `db.insert(table).values(rows)`
 * (JS-side `$defaultFn`s included): only the transport differs.
 */
export function createBulkLoader(exec: Exec, options: { batchRows?: number; inFlight?: number } = {}): BulkLoader {
  const batchRows = options.batchRows ?? 5000;
  const inFlight = Math.max(1, options.inFlight ?? 2);
  const pending = new Set<Promise<void>>();
  let failure: unknown = null;
  let currentTable: PgTable | null = null;
  /** Rows of the current table, grouped by the set of columns they give (the others take the database default). */
  let groups = new Map<string, { columns: string[]; rows: Record<string, unknown>[] }>();
  let buffered = 0;
  let rowsLoaded = 0;

  const check = () => {
    if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  };

  async function send(table: PgTable): Promise<void> {
    const batch = groups;
    groups = new Map();
    buffered = 0;
    for (const { columns, rows } of batch.values()) {
      while (pending.size >= inFlight) await Promise.race(pending);
      check();
      const list = columns.map(quote).join(', ');
      const text = `insert into ${quote(getTableName(table))} (${list}) select ${list} from json_populate_recordset(null::${quote(getTableName(table))}, $1::json)`;
      const job: Promise<void> = exec(text, [JSON.stringify(rows)])
        .then(() => {
          rowsLoaded += rows.length;
        })
        .catch((error: unknown) => {
          failure ??= error;
        })
        .finally(() => pending.delete(job));
      pending.add(job);
    }
  }

  async function drain(): Promise<void> {
    if (currentTable && buffered > 0) await send(currentTable);
    await Promise.all(pending);
    check();
  }

  async function add(table: PgTable, rows: Record<string, unknown>[]): Promise<void> {
    check();
    // Tables go in the generator's order, one after the other: a table's rows may refer to the previous ones.
    if (table !== currentTable) {
      await drain();
      currentTable = table;
    }
    const columns = Object.entries(getTableColumns(table)) as [string, Column][];
    for (const row of rows) {
      const record: Record<string, unknown> = {};
      for (const [key, column] of columns) {
        let value = row[key];
        if (value === undefined && column.defaultFn) value = column.defaultFn();
        else if (value === undefined && column.default === undefined && column.onUpdateFn) value = column.onUpdateFn();
        if (value === undefined) continue;
        if (value !== null && typeof value === 'object' && 'getSQL' in value)
          throw new Error(`the bench loader cannot send SQL values (${getTableName(table)}.${column.name})`);
        record[column.name] = toJsonValue(column, value);
      }
      const signature = Object.keys(record).join(',');
      let group = groups.get(signature);
      if (!group) {
        group = { columns: Object.keys(record), rows: [] };
        groups.set(signature, group);
      }
      group.rows.push(record);
      buffered += 1;
    }
    if (buffered >= batchRows) await send(table);
  }

  const dialect = new PgDialect();
  const client = {
    insert: (table: PgTable) => ({ values: (rows: Record<string, unknown> | Record<string, unknown>[]) => add(table, [rows].flat()) }),
    // Any other statement (e.g. ANALYZE) runs after every row sent so far.
    execute: async (query: SQL) => {
      await drain();
      const { sql, params } = dialect.sqlToQuery(query);
      return exec(sql, params);
    },
  };
  const db = new Proxy(client, {
    get(target, property) {
      if (property === 'insert' || property === 'execute') return target[property];
      throw new Error(`the bench loader supports db.insert(table).values(rows) and db.execute(sql); the seed used db.${String(property)}`);
    },
  }) as unknown as Db;

  return {
    db,
    flush: drain,
    get rowsLoaded() {
      return rowsLoaded;
    },
  };
}

/** What Drizzle would send for this column, as a JSON value json_populate_recordset reads back the same. */
function toJsonValue(column: Column, value: unknown): unknown {
  if (value === null) return null;
  // json/jsonb: the document itself (Drizzle's mapper would turn it into a JSON string scalar here).
  if (column.dataType === 'json') return value;
  // Arrays: a JSON array of mapped elements instead of a Postgres array literal.
  if (column.dataType === 'array') return (column as unknown as { mapToDriverValue(v: unknown, nested: boolean): unknown }).mapToDriverValue(value, true);
  const mapped = column.mapToDriverValue(value);
  return mapped instanceof Date ? mapped.toISOString() : mapped;
}

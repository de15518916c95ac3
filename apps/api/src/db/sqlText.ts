import { isDeepStrictEqual } from 'node:util';
import { Column, Name, Param, Placeholder, SQL, StringChunk, Table } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/** A statement's text with `$n` parameters and their values, as Drizzle's PgDialect.sqlToQuery gives it. */
export interface SqlText {
  sql: string;
  params: unknown[];
}

/** A chunk sqlText leaves to Drizzle (an inlined parameter, a placeholder, a subquery, a view, an enum...). */
class NotPlain extends Error {}

const dialect = new PgDialect();
const escapeName = (name: string) => dialect.escapeName(name);

// A table's schema, name and whether it is an alias: symbols Drizzle types as internal.
const tableSymbols = (Table as unknown as { Symbol: { Schema: symbol; Name: symbol; IsAlias: symbol } }).Symbol;

function qualifiedTable(table: Table): string {
  const fields = table as unknown as Record<symbol, unknown>;
  const name = escapeName(fields[tableSymbols.Name] as string);
  const schema = fields[tableSymbols.Schema] as string | undefined;
  return schema === undefined || fields[tableSymbols.IsAlias] ? name : `${escapeName(schema)}.${name}`;
}

function append(chunks: readonly unknown[], out: SqlText): void {
  for (const chunk of chunks) {
    if (chunk instanceof StringChunk) out.sql += chunk.value.join('');
    else if (chunk instanceof Name) out.sql += escapeName(chunk.value);
    else if (chunk === undefined) continue;
    else if (Array.isArray(chunk)) {
      out.sql += '(';
      chunk.forEach((item, at) => {
        if (at > 0) out.sql += ', ';
        append([item], out);
      });
      out.sql += ')';
    } else if (chunk instanceof SQL) {
      if ((chunk as unknown as { shouldInlineParams: boolean }).shouldInlineParams) throw new NotPlain();
      append(chunk.queryChunks, out);
    } else if (chunk instanceof Table) out.sql += qualifiedTable(chunk);
    else if (chunk instanceof Column) {
      // A column named by its key goes through Drizzle's casing.
      if (chunk.keyAsName) throw new NotPlain();
      out.sql += `${qualifiedTable(chunk.table)}.${escapeName(chunk.name)}`;
    } else if (chunk instanceof Param) {
      if (chunk.value instanceof Placeholder) throw new NotPlain();
      const value: unknown = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
      if (value instanceof SQL) {
        append([value], out);
      } else {
        out.params.push(value);
        out.sql += `$${out.params.length}`;
      }
    } else if (typeof chunk === 'function' || (typeof chunk === 'object' && chunk !== null && 'getSQL' in chunk)) {
      // Placeholders, aliased fields, subqueries, views, enums and other SQL wrappers.
      throw new NotPlain();
    } else {
      out.params.push(chunk);
      out.sql += `$${out.params.length}`;
    }
  }
}

let isCheckingAgainstDrizzle = false;

/** Tests turn this on: every statement sqlText renders is rendered by Drizzle too, and a difference throws. */
export function checkSqlTextAgainstDrizzle(isOn: boolean): void {
  isCheckingAgainstDrizzle = isOn;
}

/**
 * The text and parameters of `query`, the same as Drizzle's `sqlToQuery` (with no casing option, as
 * ours), for a fraction of its CPU: Drizzle tests each chunk against up to a dozen classes with
 * `is()`, walking the chunk's class chain for each miss, and types each parameter the same way (for
 * drivers that use it; node-postgres and PGlite do not). A page's sql templates (the recent walk,
 * the rows) cost it about 150 µs per request, as much as PostgreSQL spends running them. Whatever is
 * not plain (see NotPlain) is rendered by Drizzle. The app's Drizzle renders every statement with it
 * (renderedBySqlText in database.ts).
 */
export function sqlText(query: SQL): SqlText {
  const text: SqlText = { sql: '', params: [] };
  try {
    append([query], text);
  } catch (error) {
    if (!(error instanceof NotPlain)) throw error;
    return dialect.sqlToQuery(query);
  }
  if (isCheckingAgainstDrizzle) {
    const expected = dialect.sqlToQuery(query);
    if (expected.sql !== text.sql || !isDeepStrictEqual(expected.params, text.params))
      throw new Error(
        `sqlText differs from Drizzle's rendering:\n${text.sql}\n${JSON.stringify(text.params)}\nDrizzle:\n${expected.sql}\n${JSON.stringify(expected.params)}`,
      );
  }
  return text;
}

import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** Excel reads a CSV as UTF-8 only when it starts with a byte order mark. */
export const CSV_BOM = '\uFEFF';

/**
 * One CSV cell (RFC 4180). A cell a spreadsheet would run as a formula (starting with = + - @, a
 * tab or a carriage return) gets a leading single quote, so it shows as text (OWASP CSV injection).
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line, CRLF-terminated. */
export const csvLine = (cells: readonly (string | number | boolean | null | undefined)[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** A column of an export: its header and how a row fills it. */
export interface CsvColumn<TRow> {
  header: string;
  value: (row: TRow) => string | number | boolean | null | undefined;
}

/**
 * The CSV text of `batches` (BOM and header first), one chunk per batch. A generator is pulled, so
 * wrapped in a stream it reads the next batch only when the reply has taken the last one: memory
 * holds one batch, however many rows.
 */
export async function* csvChunks<TRow>(columns: readonly CsvColumn<TRow>[], batches: AsyncIterable<readonly TRow[]>): AsyncGenerator<string> {
  yield `${CSV_BOM}${csvLine(columns.map((column) => column.header))}`;
  for await (const rows of batches) {
    if (rows.length > 0) yield rows.map((row) => csvLine(columns.map((column) => column.value(row)))).join('');
  }
}

/** Dollars with two decimals, from cents (payments keep cents; the exports show dollars). */
export const dollarsOfCents = (cents: number | null | undefined): string | null => (cents === null || cents === undefined ? null : (cents / 100).toFixed(2));

/** Dollars with two decimals (booking, ute and job amounts are kept in dollars). */
export const dollars = (amount: number | null | undefined): string | null => (amount === null || amount === undefined ? null : amount.toFixed(2));

/** A bank account number with every digit but the last 3 masked: `*****678`. */
export function maskAccountNumber(accountNumber: string | null | undefined): string | null {
  if (!accountNumber) return null;
  const digits = accountNumber.replace(/\D/g, '');
  return `${'*'.repeat(Math.max(digits.length - 3, 0))}${digits.slice(-3)}`;
}

/**
 * Answers with the CSV as an attachment named `<name>-<day>.csv`, streamed: the reply pulls the
 * chunks with backpressure (a slow client slows the database reads, it does not fill memory).
 */
export function sendCsv(reply: FastifyReply, name: string, chunks: AsyncIterable<string>): FastifyReply {
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .header('Content-Disposition', `attachment; filename="${name}-${day}.csv"`)
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .type('text/csv; charset=utf-8')
    .send(Readable.from(chunks, { objectMode: false }));
}

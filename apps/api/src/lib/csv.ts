import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** Excel reads a CSV as UTF-8 only when it starts with a byte order mark. */
export const CSV_BOM = '\uFEFF';

/**
 * What a spreadsheet may take for the start of a formula (OWASP CSV injection,
 * https://owasp.org/www-community/attacks/CSV_Injection, and ASVS 5.0 V1.2.10): `= + - @`, also
 * behind the spaces, line breaks, tabs or double quotes a reader trims or unquotes first; and a
 * tab, carriage return or NUL as the first character.
 */
const LEADING_FORMULA = /^(?:[\t\r\0]|[\s\0"]*[=+\-@])/;
/**
 * A separator or line break inside a value, before a formula start or a tab (also behind quotes).
 * The file is comma-separated, but Excel in much of Europe splits on `;`, a text import may split
 * on tabs, and a reader that ignores the quotes splits a value at its line breaks: each of these
 * would start a cell there, so the quote goes there too.
 */
const INNER_FORMULA = /(\r\n|[,;\t\r\n])(?=["\0]*\t|[\s\0"]*[=+\-@])/g;
/** A cell holding any of these is quoted, so a reader that splits on `,`, `;` or tabs keeps it whole. */
const NEEDS_QUOTES = /[",;\t\r\n]/;

/**
 * One CSV cell (RFC 4180), safe to open in a spreadsheet in any locale: a formula start at the
 * beginning of the value, or after any separator or line break inside it, gets a single quote
 * before it (the cell shows as text), and a cell holding a quote, `,`, `;`, a tab or a line break
 * is quoted. Example: `x;=2+5;y` is written `"x;'=2+5;y"`.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value).replace(INNER_FORMULA, "$1'");
  if (LEADING_FORMULA.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line, CRLF-terminated. */
export const csvLine = (cells: readonly (string | number | boolean | null | undefined)[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** A column of an export: its header and how a row fills it. */
export interface CsvColumn<TRow> {
  header: string;
  value: (row: TRow) => string | number | boolean | null | undefined;
}

/**
 * The CSV text of `batches`, one chunk per batch. A generator is pulled, so wrapped in a stream it
 * reads the next batch only when the reply has taken the last one: memory holds one batch, however
 * many rows. The first chunk is the BOM and header together with the first batch, so pulling it
 * runs the query: sendCsv does that before it answers 200.
 */
export async function* csvChunks<TRow>(columns: readonly CsvColumn<TRow>[], batches: AsyncIterable<readonly TRow[]>): AsyncGenerator<string> {
  let head: string | null = `${CSV_BOM}${csvLine(columns.map((column) => column.header))}`;
  for await (const rows of batches) {
    const text = rows.map((row) => csvLine(columns.map((column) => column.value(row)))).join('');
    if (head !== null) {
      yield `${head}${text}`;
      head = null;
    } else if (text) yield text;
  }
  if (head !== null) yield head;
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
 * The first chunk is read before anything is sent (with csvChunks, the header and the first batch):
 * a query that fails there answers with the error envelope (400 or 500 JSON) rather than a 200 and
 * a file cut off after its header. A later batch that fails can only cut the file short.
 */
export async function sendCsv(reply: FastifyReply, name: string, chunks: AsyncIterable<string>): Promise<FastifyReply> {
  const iterator = chunks[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* all(): AsyncGenerator<string> {
    try {
      if (first.done) return;
      yield first.value;
      yield* { [Symbol.asyncIterator]: () => iterator };
    } finally {
      // The client went away mid-file: let the source stop reading.
      await iterator.return?.();
    }
  }
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .header('Content-Disposition', `attachment; filename="${name}-${day}.csv"`)
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .type('text/csv; charset=utf-8')
    .send(Readable.from(all(), { objectMode: false }));
}

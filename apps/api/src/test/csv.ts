import { CSV_BOM } from '../lib/csv';

export interface CsvReading {
  /** The cell separator: `,` (the file's), `;` (Excel's in much of Europe) or a tab (a text import). */
  delimiter?: ',' | ';' | '\t';
  /**
   * strict (the default): RFC 4180 as the file is written, and throws where the text breaks it (a
   * quote inside an unquoted cell, text after a closing quote, a line break outside quotes that is
   * not CRLF, an unclosed quote). lenient: as a spreadsheet reads a file whose separator is not the
   * one it was written with: a quote opens quoting only at the start of a cell, elsewhere it is
   * text; after a closing quote the text runs on to the next separator; CR, LF and CRLF end a row.
   * naive: a reader that knows no quotes: every separator ends a cell, every CR or LF a row.
   */
  mode?: 'strict' | 'lenient' | 'naive';
}

/** Parses an export's CSV (without its BOM) into rows of cells. */
export function parseCsv(text: string, { delimiter = ',', mode = 'strict' }: CsvReading = {}): string[][] {
  const isStrict = mode === 'strict';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  /** start: nothing of the cell read yet; plain: an unquoted cell; quoted: inside quotes; closed: after the closing quote. */
  let state: 'start' | 'plain' | 'quoted' | 'closed' = 'start';
  const fail = (at: number, what: string): never => {
    throw new Error(`CSV (${JSON.stringify(delimiter)}, ${mode}) at ${at}: ${what} near ${JSON.stringify(text.slice(Math.max(0, at - 20), at + 20))}`);
  };
  const endCell = () => {
    row.push(cell);
    cell = '';
    state = 'start';
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    row = [];
  };
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (mode === 'naive' && char === '"') cell += char;
    else if (state === 'quoted') {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') state = 'closed';
      else cell += char;
    } else if (char === delimiter) endCell();
    else if (char === '\r' || char === '\n') {
      const isCrLf = char === '\r' && text[i + 1] === '\n';
      if (isStrict && !isCrLf) fail(i, 'a line break outside quotes that is not CRLF');
      if (isCrLf) i += 1;
      endRow();
    } else if (char === '"' && state === 'start') state = 'quoted';
    else if (isStrict && state === 'closed') fail(i, 'text after a closing quote');
    else if (isStrict && char === '"') fail(i, 'a quote inside an unquoted cell');
    else {
      cell += char;
      if (state === 'start') state = 'plain';
    }
  }
  if (state === 'quoted' && isStrict) fail(text.length, 'an unclosed quote');
  if (state !== 'start' || cell !== '' || row.length > 0) endRow();
  return rows;
}

/**
 * What a spreadsheet may run as a formula: a cell starting with a tab, or with = + - @ (also behind
 * the spaces, line breaks, quotes or NULs a reader may trim first).
 */
const FORMULA_LEAD = /^(?:\t|[\s"\0]*[=+\-@])/;

export interface UnsafeCell {
  /** How the file was read: `lenient ";"`. */
  reading: string;
  row: number;
  cell: string;
}

/**
 * The cells of a CSV export (BOM included) that would start a formula when the file is read with
 * `,` (as written, strictly), or with `;` or a tab as the separator, leniently (as a spreadsheet)
 * or naively (no quotes). An empty answer means the file is safe to open in any locale.
 */
export function findFormulaCells(file: string): UnsafeCell[] {
  const text = file.startsWith(CSV_BOM) ? file.slice(CSV_BOM.length) : file;
  const readings: CsvReading[] = [
    { delimiter: ',', mode: 'strict' },
    { delimiter: ';', mode: 'lenient' },
    { delimiter: '\t', mode: 'lenient' },
    { delimiter: ',', mode: 'naive' },
    { delimiter: ';', mode: 'naive' },
    { delimiter: '\t', mode: 'naive' },
  ];
  return readings.flatMap((reading) =>
    parseCsv(text, reading).flatMap((cells, row) =>
      cells
        .filter((cell) => FORMULA_LEAD.test(cell))
        .map((cell) => ({ reading: `${reading.mode ?? 'strict'} ${JSON.stringify(reading.delimiter ?? ',')}`, row, cell })),
    ),
  );
}

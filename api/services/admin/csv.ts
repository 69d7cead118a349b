/**
 * The back office's CSV files (the deliveries list): RFC 4180, every field quoted, and no cell a
 * spreadsheet could run as a formula, however the file is split.
 */

/** Characters a spreadsheet reads as the start of a formula (OWASP's list). */
const formulaStart = new Set(['=', '+', '-', '@', '\t', '\r']);

/**
 * Characters a careless import may split a field on, so each may start a cell: the comma, the
 * semicolon (European Excel), the tab, the pipe and line breaks.
 */
const separators = new Set([',', ';', '\t', '|', '\r', '\n']);

/** Before the first real character of a cell: spaces and quotes, which imports may strip. */
const leading = /^[\s"]$/u;

/**
 * `value` with an apostrophe (the spreadsheet's "this is text" mark) before every formula
 * character that could start a cell: at the start, and after any separator, spaces or quotes in
 * between. So "Belfast;=cmd|' /C calc'!A0;" becomes "Belfast;'=cmd|' /C calc'!A0;", and no
 * split of it on , ; tab | or a line break gives a cell that starts with = + - @ tab or CR.
 */
export function defuseFormulas(value: string): string {
  let out = '';
  let cellStart = true;
  for (const c of value) {
    if (cellStart && formulaStart.has(c)) out += "'";
    out += c;
    cellStart = separators.has(c) || (cellStart && leading.test(c));
  }
  return out;
}

/** One CSV field (RFC 4180): always quoted, quotes doubled, formulas defused. */
export function csvField(value: string): string {
  return `"${defuseFormulas(value).replace(/"/g, '""')}"`;
}

/** A CSV file: CRLF after every record, every field quoted. */
export function csvFile(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}

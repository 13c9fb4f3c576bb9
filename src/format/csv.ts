/**
 * Rows of objects as CSV (RFC 4180), for the charts' and tables' exports and
 * the command line: one writer, so that every export neutralises the same
 * cells.
 */

// Characters a spreadsheet passes over before it looks for a formula sign:
// white space (full-width U+3000 and no-break spaces included), zero-width
// characters, the soft hyphen and bidirectional controls.
const IGNORED_LEAD =
  /^[\s\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]*/u;
// A cell led (after those) by one of these is read as a formula or a DDE call:
// = + - @, their full-width forms, a tab or a carriage return (OWASP CSV injection).
const FORMULA_SIGN = /^[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/u;

/** True when a spreadsheet could run `text` as a formula. */
export function readsAsFormula(text: string): boolean {
  const lead = IGNORED_LEAD.exec(text)?.[0].length ?? 0;
  // Tab and CR count as signs of their own, even among the white space passed over.
  return /[\t\r]/.test(text.slice(0, lead)) || FORMULA_SIGN.test(text.slice(lead));
}

/** One CSV cell: text that could run as a formula is prefixed with `'`; numbers stay numbers. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let cell: string;
  if (typeof value === 'number') cell = Number.isFinite(value) ? String(value) : '';
  else if (typeof value === 'string') cell = readsAsFormula(value) ? `'${value}` : value;
  else if (typeof value === 'object') cell = JSON.stringify(value);
  else cell = String(value);
  return /[",\n\r]|^\s|\s$/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/**
 * Rows of objects as CSV (RFC 4180, CRLF line ends): one column per key, in
 * order of first appearance. Text that a spreadsheet would run as a formula
 * is prefixed with `'` (see `readsAsFormula`).
 */
export function toCsv(rows: readonly object[]): string {
  const columns: string[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    for (const key of Object.keys(row)) {
      if (!seen.has(key)) {
        seen.add(key);
        columns.push(key);
      }
    }
  }
  const lines = [columns.map(csvCell).join(',')];
  for (const row of rows) {
    const record = row as Record<string, unknown>;
    lines.push(columns.map((c) => csvCell(record[c])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

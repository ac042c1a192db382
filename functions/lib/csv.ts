// CSV as spreadsheets read it safely (one writer for every report and evidence file): CRLF lines, a
// cell quoted when it holds CR, LF, a comma or a quote, and a text that would run as a formula kept
// as text with a leading apostrophe.
import { asText } from '../../shared/text';

/** A cell starting with one of these would run as a formula in a spreadsheet (tab and CR included). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A line inside a cell is read the same way: each line break followed by a formula start. */
const LINE_FORMULA_START = /(\r\n|\r|\n)(?=[=+\-@\t])/g;

/** One CSV cell: formula starts defused with a leading apostrophe, quoted when it holds CR, LF, a comma or a quote. */
const csvCell = (v: unknown) => {
  if (typeof v === 'number' || typeof v === 'bigint') return String(v); // a figure is never a formula (-5 stays a number)
  const s = asText(v);
  const safe = (FORMULA_START.test(s) ? `'${s}` : s).replace(LINE_FORMULA_START, "$1'");
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

export function toCsv(header: string[], rows: unknown[][]): string {
  return [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

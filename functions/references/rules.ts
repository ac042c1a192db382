// The pure rules of reference validation (issue #32): reading an uploaded PO list (RFC 4180 CSV, one
// row per PO line, errors named by their line in the file) and a PO's ledger arithmetic.
import { BadRequestError } from '../lib/errors';
import { isValidDate } from '../../shared/time';
import { MAX_PO_LINES, type PoUploadError } from '../../shared/contracts/references';

/** One line of a PO as uploaded: the SKU as given (linked to a WMS product by that SKU when shown). */
export interface UploadedLine {
  sku: string;
  expected: number;
}

export interface UploadedOrder {
  po: string;
  supplier: string;
  windowStart: string | null;
  windowEnd: string | null;
  lines: UploadedLine[];
}

/** The rows of a CSV text (quoted fields may hold commas, quotes doubled, and line breaks), each with its first line number. */
export function csvRows(text: string): { line: number; cells: string[] }[] {
  const rows: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    cells.push(cell);
    if (cells.some((c) => c.trim() !== '')) rows.push({ line: rowLine, cells });
    cells = [];
    cell = '';
  };
  const source = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        cell += c;
      }
    } else if (c === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else cell += c;
  }
  endRow();
  return rows;
}

const REQUIRED_COLUMNS = ['po', 'supplier', 'sku', 'quantity'] as const;
const normalise = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s_-]/g, '');

/** The PO numbers compare as written, without surrounding spaces and in capitals. */
export const poKey = (po: string) => po.trim().toUpperCase();

/**
 * The orders of an uploaded file, or the errors of its lines (a file with any error applies nothing).
 * A file over MAX_PO_LINES lines is refused outright.
 */
export function readPoFile(text: string): { orders: UploadedOrder[]; lines: number; errors: PoUploadError[] } {
  const rows = csvRows(text);
  const [header, ...data] = rows;
  if (data.length > MAX_PO_LINES) {
    const message = `The file has ${data.length} lines; at most ${MAX_PO_LINES} lines can be uploaded at once`;
    throw new BadRequestError(message, { csv: message });
  }
  const columns = (header?.cells ?? []).map(normalise);
  const at = (name: string) => columns.indexOf(name.toLowerCase());
  const missing = REQUIRED_COLUMNS.filter((c) => at(c) < 0);
  if (!header || missing.length)
    return {
      orders: [],
      lines: data.length,
      errors: [
        {
          line: header?.line ?? 1,
          message: `Line ${header?.line ?? 1}: the header must name the columns po, supplier, sku and quantity`,
        },
      ],
    };
  if (!data.length)
    return { orders: [], lines: 0, errors: [{ line: header.line, message: 'The file has no PO lines' }] };
  const errors: PoUploadError[] = [];
  const orders = new Map<string, UploadedOrder & { firstLine: number }>();
  for (const { line, cells } of data) {
    const value = (name: string) => (at(name) >= 0 ? (cells[at(name)] ?? '').trim() : '');
    const refuse = (message: string) => errors.push({ line, message: `Line ${line}: ${message}` });
    const before = errors.length;
    const po = poKey(value('po'));
    const supplier = value('supplier');
    const sku = value('sku');
    const quantity = value('quantity');
    const windowStart = value('windowstart') || null;
    const windowEnd = value('windowend') || null;
    if (!po) refuse('po is required');
    else if (po.length > 40) refuse('po must be at most 40 characters');
    if (!supplier) refuse('supplier is required');
    else if (supplier.length > 120) refuse('supplier must be at most 120 characters');
    if (!sku) refuse('sku is required');
    else if (sku.length > 64) refuse('sku must be at most 64 characters');
    if (!/^\d+$/.test(quantity) || Number(quantity) < 1 || Number(quantity) > 10_000_000)
      refuse('quantity must be a whole number above 0');
    if (windowStart && !isValidDate(windowStart)) refuse('windowStart must be a date in the form YYYY-MM-DD');
    if (windowEnd && !isValidDate(windowEnd)) refuse('windowEnd must be a date in the form YYYY-MM-DD');
    if (windowStart && windowEnd && isValidDate(windowStart) && isValidDate(windowEnd) && windowEnd < windowStart)
      refuse('windowEnd is before windowStart');
    if (errors.length > before) continue;
    const order = orders.get(po);
    if (!order) {
      orders.set(po, { po, supplier, windowStart, windowEnd, lines: [], firstLine: line });
    } else if (order.supplier !== supplier) {
      refuse(`PO ${po} has supplier ${order.supplier} on line ${order.firstLine}`);
      continue;
    } else if (order.windowStart !== windowStart || order.windowEnd !== windowEnd) {
      refuse(`PO ${po} has another window on line ${order.firstLine}`);
      continue;
    }
    orders.get(po)!.lines.push({ sku, expected: Number(quantity) });
  }
  return {
    orders: [...orders.values()].map(({ firstLine: _first, ...order }) => order),
    lines: data.length,
    errors,
  };
}

/** A PO's ledger figures: what is ordered, booked on live appointments and received. */
export interface LedgerFigures {
  ordered: number;
  booked: number;
  received: number;
}

/**
 * How much a new booking may still carry: the ordered quantity less what live bookings already carry
 * or what has been received, whichever is more (a completed booking's goods are both booked and
 * received, and count once).
 */
export const bookableQuantity = (l: LedgerFigures) => Math.max(0, l.ordered - Math.max(l.booked, l.received));

/** The open quantity of the ledger: ordered less received, never below 0. */
export const openQuantity = (l: Pick<LedgerFigures, 'ordered' | 'received'>) => Math.max(0, l.ordered - l.received);

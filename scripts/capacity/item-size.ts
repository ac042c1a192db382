// The item-size arithmetic of the capacity model's recorder (recorder.ts): an item's size as DynamoDB
// counts it (each attribute's name and value, in bytes), for an item in either form, the document
// client's plain values or the low-level client's AttributeValues.
import type { AttributeValue } from '@aws-sdk/client-dynamodb';

/** An item in either form: the document client's plain values or the low-level client's AttributeValues. */
export type Item = Record<string, any>;

const AV_TYPES = new Set(['S', 'N', 'B', 'BOOL', 'NULL', 'M', 'L', 'SS', 'NS', 'BS']);
const isAttributeValue = (v: unknown): v is AttributeValue =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  !(v instanceof Uint8Array) &&
  !(v instanceof Set) &&
  Object.keys(v).length === 1 &&
  AV_TYPES.has(Object.keys(v)[0]!);

const utf8 = (s: string) => Buffer.byteLength(s, 'utf8');
function numberSize(n: string): number {
  const digits = n.replace(/^-/, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  return Math.ceil(Math.max(1, digits.length) / 2) + 1;
}
function valueSize(v: AttributeValue): number {
  if (v.S !== undefined) return utf8(v.S);
  if (v.N !== undefined) return numberSize(v.N);
  if (v.B !== undefined) return v.B.length;
  if (v.BOOL !== undefined || v.NULL !== undefined) return 1;
  if (v.SS) return v.SS.reduce((s, x) => s + utf8(x), 0);
  if (v.NS) return v.NS.reduce((s, x) => s + numberSize(x), 0);
  if (v.BS) return v.BS.reduce((s, x) => s + x.length, 0);
  if (v.L) return 3 + v.L.reduce((s, x) => s + 1 + anySize(x), 0);
  if (v.M) return 3 + Object.entries(v.M).reduce((s, [k, x]) => s + 1 + utf8(k) + anySize(x), 0);
  return 0;
}
/** A value's size in either form, as DynamoDB counts it. */
function anySize(v: unknown): number {
  if (isAttributeValue(v)) return valueSize(v);
  if (typeof v === 'string') return utf8(v);
  if (typeof v === 'number' || typeof v === 'bigint') return numberSize(String(v));
  if (typeof v === 'boolean' || v === null) return 1;
  if (v instanceof Uint8Array) return v.length;
  if (v instanceof Set) return [...v].reduce((s: number, x) => s + anySize(x), 0);
  if (Array.isArray(v)) return 3 + v.reduce((s: number, x) => s + 1 + anySize(x), 0);
  if (typeof v === 'object' && v) return 3 + Object.entries(v).reduce((s, [k, x]) => s + 1 + utf8(k) + anySize(x), 0);
  return 0;
}
/** An item's size as DynamoDB counts it: each attribute's name and value, in bytes. */
export function itemSize(item: Item | undefined): number {
  if (!item) return 0;
  return Object.entries(item).reduce((s, [k, v]) => s + (v === undefined ? 0 : utf8(k) + anySize(v)), 0);
}

/** A string value in either form. */
export const str = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : isAttributeValue(v) ? v.S : undefined;

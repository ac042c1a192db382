// The tenant export's archive format (issue #36): a gzip-compressed tar (POSIX ustar) of JSON Lines and
// CSV per record type and the tenant's files. Written here with Node's zlib rather than a dependency:
// the writer is a 512-byte header per file, which any tar (and Windows' built-in tar) reads.
import { gzipSync } from 'node:zlib';

export interface ArchiveEntry {
  path: string;
  data: Uint8Array;
}

const BLOCK = 512;

/** Splits a path into ustar's prefix (155) and name (100) at a slash. */
function splitPath(path: string): { prefix: string; name: string } {
  if (Buffer.byteLength(path) <= 100) return { prefix: '', name: path };
  for (let i = path.lastIndexOf('/'); i > 0; i = path.lastIndexOf('/', i - 1)) {
    const prefix = path.slice(0, i);
    const name = path.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(name) <= 100) return { prefix, name };
  }
  throw new Error(`Path too long for the archive: ${path}`);
}

function header(path: string, size: number, mtime: Date): Buffer {
  const block = Buffer.alloc(BLOCK);
  const { prefix, name } = splitPath(path);
  const field = (value: string, offset: number, length: number) => block.write(value, offset, length, 'utf8');
  const octal = (value: number, offset: number, length: number) =>
    field(value.toString(8).padStart(length - 1, '0'), offset, length - 1);
  field(name, 0, 100);
  octal(0o644, 100, 8);
  octal(0, 108, 8);
  octal(0, 116, 8);
  octal(size, 124, 12);
  octal(Math.floor(mtime.getTime() / 1000), 136, 12);
  field('        ', 148, 8); // the checksum counts its own field as spaces
  field('0', 156, 1);
  field('ustar\u000000', 257, 8);
  field(prefix, 345, 155);
  const sum = block.reduce((total, byte) => total + byte, 0);
  field(`${sum.toString(8).padStart(6, '0')}\u0000 `, 148, 8);
  return block;
}

/** The entries as a .tar.gz. */
export function tarGz(entries: readonly ArchiveEntry[], mtime: Date): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    parts.push(header(entry.path, entry.data.byteLength, mtime), Buffer.from(entry.data));
    const pad = (BLOCK - (entry.data.byteLength % BLOCK)) % BLOCK;
    if (pad) parts.push(Buffer.alloc(pad));
  }
  parts.push(Buffer.alloc(BLOCK * 2));
  return gzipSync(Buffer.concat(parts));
}

const cell = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : JSON.stringify(value);
  // A text cell starting like a formula is opened by spreadsheets as one: it is kept as text.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The records as CSV: one column per attribute any of them has, objects as JSON. */
export function toCsv(records: readonly Record<string, unknown>[]): string {
  const columns = [...new Set(records.flatMap((r) => Object.keys(r)))].sort();
  const lines = [columns.map(cell).join(','), ...records.map((r) => columns.map((c) => cell(r[c])).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}

export const toJsonLines = (records: readonly Record<string, unknown>[]) =>
  records.map((r) => JSON.stringify(r)).join('\n') + '\n';

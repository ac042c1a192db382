// The installable app's icons (web/public/icons/*.png), drawn by code so they need no image tool or
// dependency: the favicon's picture (web/public/favicon.svg, a dock and a truck bed on blue) as PNGs
// of 192 and 512 px, and a maskable 512 px one whose picture keeps inside the 80% safe circle.
// Run: npx tsx scripts/pwa-icons.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';

const BLUE = [0x1d, 0x4e, 0xd8] as const;
const WHITE = [0xff, 0xff, 0xff] as const;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGBA PNG of `size` px whose pixel colours `paint` gives, in the favicon's 32-unit coordinates. */
function png(size: number, paint: (x: number, y: number) => readonly number[] | null): Buffer {
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let py = 0; py < size; py++) {
    rows[py * (size * 4 + 1)] = 0; // filter: none
    for (let px = 0; px < size; px++) {
      const colour = paint(((px + 0.5) * 32) / size, ((py + 0.5) * 32) / size);
      const at = py * (size * 4 + 1) + 1 + px * 4;
      if (colour) rows.set([...colour, 0xff], at);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const inside = (x: number, y: number, [left, top, width, height]: readonly number[]) =>
  x >= left! && x < left! + width! && y >= top! && y < top! + height!;
/** The favicon's two white bars, drawn at `scale` of their size about the centre. */
function picture(x: number, y: number, scale: number): boolean {
  const [ux, uy] = [16 + (x - 16) / scale, 16 + (y - 16) / scale];
  return inside(ux, uy, [7, 21, 18, 3]) || inside(ux, uy, [9, 11, 14, 8]);
}
/** The favicon's rounded square (corner radius 6 of 32): transparent outside it. */
function roundedSquare(x: number, y: number): boolean {
  const r = 6;
  const cx = Math.min(Math.max(x, r), 32 - r);
  const cy = Math.min(Math.max(y, r), 32 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

const icon = (x: number, y: number) => (roundedSquare(x, y) ? (picture(x, y, 1) ? WHITE : BLUE) : null);
// Maskable: blue to every edge (the launcher cuts its own shape), the picture shrunk into the safe zone.
const maskable = (x: number, y: number) => (picture(x, y, 0.75) ? WHITE : BLUE);

const dir = join(import.meta.dirname, '..', 'web', 'public', 'icons');
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'icon-192.png'), png(192, icon));
writeFileSync(join(dir, 'icon-512.png'), png(512, icon));
writeFileSync(join(dir, 'maskable-512.png'), png(512, maskable));
writeFileSync(join(dir, 'apple-touch-icon-180.png'), png(180, maskable));

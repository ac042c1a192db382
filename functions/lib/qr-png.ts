// A QR code as a PNG image, for channels that show images but not SVG (a WhatsApp image message takes
// JPEG or PNG, issue #56). The `qrcode` package's encoder gives the modules; the PNG is written here
// (greyscale, 8 bits, one zlib-deflated IDAT) instead of its PNG renderer, which would bundle pngjs.
import { crc32, deflateSync } from 'node:zlib';
import { create } from 'qrcode/lib/core/qrcode.js';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** The PNG of a QR code holding `text` (error correction M), `scale` pixels a module, a quiet zone of `margin` modules. */
export function qrPng(text: string, scale = 8, margin = 4): Buffer {
  const { modules } = create(text, { errorCorrectionLevel: 'M' }) as {
    modules: { size: number; get: (row: number, col: number) => number | boolean };
  };
  const side = (modules.size + 2 * margin) * scale;
  // Each row: a filter byte (0, none), then one byte a pixel: 0 black, 255 white.
  const raw = Buffer.alloc((side + 1) * side, 255);
  for (let y = 0; y < side; y++) {
    raw[y * (side + 1)] = 0;
    const row = Math.floor(y / scale) - margin;
    for (let x = 0; x < side; x++) {
      const col = Math.floor(x / scale) - margin;
      const dark = row >= 0 && col >= 0 && row < modules.size && col < modules.size && Boolean(modules.get(row, col));
      if (dark) raw[y * (side + 1) + 1 + x] = 0;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // colour type: greyscale
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

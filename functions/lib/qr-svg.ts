// A QR code as an SVG document, from the two modules of the `qrcode` package that make one (the
// encoder and the SVG renderer). Its main entry would also bundle the PNG, canvas and terminal
// renderers with pngjs (~56 KB minified) into every Lambda that draws a QR code.
import { create } from 'qrcode/lib/core/qrcode.js';
import { render } from 'qrcode/lib/renderer/svg-tag.js';

/** The SVG of a QR code holding `text` (error correction M, a quiet zone of `margin` modules). */
export function qrSvg(text: string, margin = 2): string {
  return render(create(text, { errorCorrectionLevel: 'M' }), { margin });
}

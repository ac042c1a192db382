// Types of the two `qrcode` modules functions/lib/qr-svg.ts imports (the package types only its main entry).
declare module 'qrcode/lib/core/qrcode.js' {
  export function create(text: string, options: { errorCorrectionLevel: 'L' | 'M' | 'Q' | 'H' }): unknown;
}
declare module 'qrcode/lib/renderer/svg-tag.js' {
  export function render(qr: unknown, options: { margin: number }): string;
}

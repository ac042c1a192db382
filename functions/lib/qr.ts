// QR codes, from their side bundle (qr-codes.ts): loaded on the first code a function draws; from
// source in the tests and the local stack.
import { loadSideBundle, type SideBundle } from './side-bundle';

export const QR_CODES: SideBundle = { source: 'functions/lib/qr-codes.ts', bundled: 'qr-codes.cjs' };

type Codes = typeof import('./qr-codes');
const codes = () => loadSideBundle<Codes>(QR_CODES);

/** The SVG of a QR code holding `text` (qr-svg.ts). */
export const qrSvg = async (...args: Parameters<Codes['qrSvg']>) => (await codes()).qrSvg(...args);
/** The PNG of a QR code holding `text` (qr-png.ts). */
export const qrPng = async (...args: Parameters<Codes['qrPng']>) => (await codes()).qrPng(...args);

// The QR codes the product draws (an SVG for pages, a PNG for WhatsApp images): one module, built as a
// side bundle of its own (QR_CODES in qr.ts, functions/lib/side-bundle.ts) so the `qrcode` encoder
// (~21 KB minified) loads with the first code a function draws, not with every cold start of the
// functions that can draw one (appointments, check-ins, gate passes, and the domains that use theirs).
export { qrSvg } from './qr-svg';
export { qrPng } from './qr-png';

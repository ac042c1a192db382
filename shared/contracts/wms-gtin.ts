// GTIN check digits (issue #29): an EAN or UPC barcode typed on a product is a GTIN-8, -12, -13 or
// -14, and its last digit is the GS1 check digit of the others; the scan parser checks the same.
import type * as z from 'zod/mini';

/** Mod 10 of the other digits weighted 3 and 1 from the right equals the last digit. */
export function validGtin(gtin: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(gtin)) return false;
  const digits = gtin.split('').map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((s, d, i) => s + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/** A product's EAN or UPC barcode: its length, then its check digit (under the barcode field). */
export function checkGtinBarcode(
  p: { barcodeType: string | null; barcodeValue: string | null },
  ctx: z.core.$RefinementCtx,
) {
  if ((p.barcodeType !== 'EAN' && p.barcodeType !== 'UPC') || !p.barcodeValue) return;
  if (!/^(\d{8}|\d{12,14})$/.test(p.barcodeValue))
    ctx.addIssue({
      code: 'custom',
      path: ['barcodeValue'],
      message: 'An EAN or UPC barcode has 8, 12, 13 or 14 digits',
    });
  else if (!validGtin(p.barcodeValue))
    ctx.addIssue({
      code: 'custom',
      path: ['barcodeValue'],
      message: 'The check digit (the last digit) of this barcode is wrong: check the number typed',
    });
}

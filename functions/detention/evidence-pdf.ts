// A truck's detention evidence as a one-page A4 PDF (issue #57.3), drawn with pdf-lib's standard
// Helvetica, whose character set is Latin: the pack's texts are in English, and a character outside that
// set (a name in Devanagari) prints as '?' while the CSV keeps it whole. Part of the detention PDFs'
// side bundle (pdfs.ts): loaded only by a request for a PDF.
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { EVENT_LABELS, SOURCE_LABELS, evidenceHash, localTime, summary, type EvidencePack } from './evidence';

/** A text Helvetica can draw: characters outside its Latin set print as '?'. */
export const printable = (s: string) => s.replace(/[^\u0020-\u007e\u00a0-\u00ff]/g, '?');

/** The pack as a one-page A4 PDF, its hash in the document's subject too. */
export async function evidencePdf(pack: EvidencePack, verifyUrl: string): Promise<Uint8Array> {
  const hash = evidenceHash(pack);
  const doc = await PDFDocument.create();
  const title = `Detention evidence ${pack.bookingReference}`;
  doc.setTitle(title);
  doc.setSubject(hash);
  doc.setProducer('DockSaathi');
  doc.setCreationDate(new Date(pack.issuedAt));
  doc.setModificationDate(new Date(pack.issuedAt));
  const page = doc.addPage([595.28, 841.89]);
  const [regular, bold] = await Promise.all([
    doc.embedFont(StandardFonts.Helvetica),
    doc.embedFont(StandardFonts.HelveticaBold),
  ]);
  const zone = pack.facility.timeZone;
  let y = 800;
  const line = (text: string, opts: { font?: PDFFont; size?: number; x?: number; gap?: number } = {}) => {
    write(page, printable(text), opts.x ?? 40, y, opts.font ?? regular, opts.size ?? 9);
    y -= opts.gap ?? 13;
  };
  line(title, { font: bold, size: 15, gap: 20 });
  line(`${pack.facility.name} (${zone})`);
  line(`Carrier: ${pack.carrier ?? '-'}    Vehicle: ${pack.vehicleNumber ?? '-'} (${pack.vehicleClass})`);
  line(
    `Window: ${pack.window.date} ${pack.window.startTime}-${pack.window.endTime}    Issued: ${localTime(pack.issuedAt, zone)}`,
    {
      gap: 20,
    },
  );
  line('Timeline', { font: bold, size: 11, gap: 15 });
  for (const e of pack.timeline) {
    const corrected = e.correction
      ? `  corrected by ${e.correction.by} from ${localTime(e.correction.original.at, zone)}: ${e.correction.reason}`
      : '';
    line(`${localTime(e.at, zone)}   ${EVENT_LABELS[e.event]}   (${SOURCE_LABELS[e.source]})${corrected}`);
  }
  y -= 8;
  line('Figures', { font: bold, size: 11, gap: 15 });
  for (const [label, value] of summary(pack, hash, verifyUrl)) line(`${label}: ${value}`);
  return doc.save();
}

function write(page: PDFPage, text: string, x: number, y: number, font: PDFFont, size: number) {
  page.drawText(text, { x, y, font, size, color: rgb(0.1, 0.1, 0.1), maxWidth: 515 });
}

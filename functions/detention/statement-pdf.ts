// A carrier's monthly statement as a PDF (issue #57.3), drawn with pdf-lib as the evidence pack is
// (functions/detention/evidence-pdf.ts: standard Helvetica, whose Latin set prints a Devanagari name as '?';
// the CSV keeps it whole). A4 pages: the heading, a row per truck (as many pages as the rows need, the
// column heads on each), then the totals by facility, by cause and the net; each page numbered "n of N".
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { DETENTION_CAUSES, rupeesText, type DetentionStatementView } from '../../shared/contracts/detention';
import { DEFAULT_TIME_ZONE, localDateTime } from '../../shared/time';
import { ARRIVAL_LABELS, CAUSE_LABELS } from './evidence';
import { printable } from './evidence-pdf';

const A4: [number, number] = [595.28, 841.89];
const TOP = 800;
const BOTTOM = 50;
const GAP = 12;

/** The table's columns: head, x position, and the cell of a line. */
type Line = DetentionStatementView['lines'][number];
const COLUMNS: { head: string; x: number; cell: (l: Line) => string }[] = [
  { head: 'Day', x: 40, cell: (l) => l.day },
  { head: 'Facility', x: 95, cell: (l) => l.facilityName.slice(0, 22) },
  { head: 'Booking', x: 205, cell: (l) => l.bookingReference },
  { head: 'Vehicle', x: 285, cell: (l) => l.vehicleNumber ?? '-' },
  { head: 'Arrival', x: 350, cell: (l) => ARRIVAL_LABELS[l.arrival] },
  {
    head: 'Det. min',
    x: 400,
    cell: (l) => String(Object.values(l.detentionMinutesByCause).reduce((a, b) => a + b, 0)),
  },
  { head: 'Hours', x: 443, cell: (l) => String(l.chargedHours) },
  { head: 'Detention', x: 475, cell: (l) => rupeesText(l.detentionPaise) },
  { head: 'Late fee', x: 530, cell: (l) => rupeesText(l.lateFeePaise) },
];

export async function statementPdf(s: DetentionStatementView): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const title = `Detention statement ${s.number}`;
  doc.setTitle(title);
  doc.setSubject(`${s.carrierName}, ${s.month}`);
  doc.setProducer('DockSaathi');
  doc.setCreationDate(new Date(s.issuedAt));
  doc.setModificationDate(new Date(s.issuedAt));
  const [regular, bold] = await Promise.all([
    doc.embedFont(StandardFonts.Helvetica),
    doc.embedFont(StandardFonts.HelveticaBold),
  ]);
  // A statement spans facilities: its issue time on the product's default clock, named.
  const issued = localDateTime(new Date(s.issuedAt), DEFAULT_TIME_ZONE);
  let page: PDFPage = doc.addPage(A4);
  let y = TOP;
  const write = (text: string, x: number, font: PDFFont = regular, size = 8) =>
    page.drawText(printable(text), { x, y, font, size, color: rgb(0.1, 0.1, 0.1) });
  const newPage = () => {
    page = doc.addPage(A4);
    y = TOP;
  };
  const line = (text: string, opts: { font?: PDFFont; size?: number; gap?: number } = {}) => {
    if (y < BOTTOM) newPage();
    write(text, 40, opts.font, opts.size ?? 9);
    y -= opts.gap ?? GAP + 1;
  };
  const heads = () => {
    for (const c of COLUMNS) write(c.head, c.x, bold);
    y -= GAP;
  };

  line(title, { font: bold, size: 15, gap: 20 });
  line(`Carrier: ${s.carrierName}    Month: ${s.month}    Status: ${s.status}`);
  line(
    `Issued ${issued.date} ${issued.time} (${DEFAULT_TIME_ZONE}) by ${s.issuedBy}${s.supersedes ? `, replacing ${s.supersedes.number}` : ''}`,
    {
      gap: 20,
    },
  );
  line('Trucks (amounts in INR)', { font: bold, size: 11, gap: 15 });
  heads();
  if (!s.lines.length) line('No truck of this carrier came to the hub this month.');
  for (const l of s.lines) {
    if (y < BOTTOM) {
      newPage();
      heads();
    }
    for (const c of COLUMNS) write(c.cell(l), c.x);
    y -= GAP;
  }
  y -= 8;
  line('Totals by facility', { font: bold, size: 11, gap: 15 });
  for (const f of s.byFacility)
    line(
      `${f.facilityName}: ${f.trucks} trucks, ${f.chargedHours} started hours, detention ${rupeesText(f.detentionPaise)}, late fees ${rupeesText(f.lateFeePaise)}`,
    );
  y -= 8;
  line('Detention minutes by cause', { font: bold, size: 11, gap: 15 });
  for (const cause of DETENTION_CAUSES) line(`${CAUSE_LABELS[cause]}: ${s.byCause[cause]}`);
  y -= 8;
  const t = s.totals;
  line(`Detention owed by the hub: INR ${rupeesText(t.detentionPaise)} (${t.chargedHours} started hours)`, {
    font: bold,
  });
  line(`Late fees owed by the carrier: INR ${rupeesText(t.lateFeePaise)}`, { font: bold });
  line(`Net: INR ${rupeesText(t.netPaise)} ${t.netPaise >= 0 ? 'owed to the carrier' : 'owed to the hub'}`, {
    font: bold,
  });

  const pages = doc.getPages();
  pages.forEach((p, i) =>
    p.drawText(`${s.number}    page ${i + 1} of ${pages.length}`, { x: 40, y: 25, font: regular, size: 8 }),
  );
  return doc.save();
}

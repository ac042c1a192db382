// A truck's detention evidence (issue #57.3): the pack's hash changes with any fact and with nothing
// else, the CSV reads as written out by hand, and the PDF is one A4 page carrying the hash.
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { evidenceCsv, evidenceHash, type EvidencePack } from '../../functions/detention/evidence';
import { evidencePdf } from '../../functions/detention/evidence-pdf';

const pack = (): EvidencePack => ({
  bookingReference: 'DS-261215-AB12CD',
  facility: { name: 'Chakan DC', timeZone: 'Asia/Kolkata' },
  carrier: 'Sahyadri Roadlines',
  vehicleNumber: 'MH12AB1234',
  vehicleClass: 'mxl_32ft',
  window: { date: '2026-12-15', startTime: '10:00', endTime: '11:00' },
  terms: {
    vehicleClass: 'mxl_32ft',
    freeMinutes: 120,
    ratePaisePerHour: 50_000,
    graceMinutes: 30,
    lateFeePaise: 150_000,
  },
  timeline: [
    { event: 'gate_in', at: '2026-12-15T04:30:00.000Z', source: 'pass_scan' },
    {
      event: 'gate_out',
      at: '2026-12-15T07:30:00.000Z',
      source: 'staff_correction',
      correction: {
        original: { at: '2026-12-15T07:45:00.000Z', source: 'status_change' },
        by: 'Asha Patil',
        reason: 'Gate register: 13:00',
        correctedAt: '2026-12-16T05:00:00.000Z',
      },
    },
  ],
  figures: {
    arrival: 'on_time',
    lateByMinutes: 0,
    dwellMinutes: 180,
    doorWaitMinutes: 180,
    atDoorMinutes: null,
    minutesByCause: { door_wait: 180, at_door: 0, documents: 0, hub_hold: 0 },
    carrierMinutes: 0,
    detentionMinutesByCause: { door_wait: 60, at_door: 0, documents: 0, hub_hold: 0 },
    detentionMinutes: 60,
    chargedHours: 1,
    detentionPaise: 50_000,
    lateFeePaise: 0,
  },
  issuedAt: '2026-12-16T05:30:00.000Z',
});

describe('the evidence pack', () => {
  it('has one hash for the same facts, whatever the order of their keys', () => {
    const reordered = Object.fromEntries(Object.entries(pack()).reverse()) as unknown as EvidencePack;
    expect(evidenceHash(reordered)).toBe(evidenceHash(pack()));
    expect(evidenceHash(pack())).toMatch(/^[0-9a-f]{64}$/);
  });

  it('has another hash when any fact is edited: a rupee, a minute, a time, a name', () => {
    const edits: ((p: EvidencePack) => void)[] = [
      (p) => (p.figures.detentionPaise = 50_001),
      (p) => (p.figures.dwellMinutes = 179),
      (p) => (p.timeline[1]!.at = '2026-12-15T07:31:00.000Z'),
      (p) => (p.timeline[1]!.correction!.original.at = '2026-12-15T07:44:00.000Z'),
      (p) => (p.carrier = 'Sahyadri Roadline'),
      (p) => (p.terms.freeMinutes = 90),
    ];
    const hashes = edits.map((edit) => {
      const p = pack();
      edit(p);
      return evidenceHash(p);
    });
    expect(new Set([evidenceHash(pack()), ...hashes]).size).toBe(edits.length + 1);
  });

  it('reads as CSV with the facility’s clock, the sources, the correction and the figures', () => {
    const hash = evidenceHash(pack());
    const url = `https://app.example.in/verify/${hash}`;
    const ref = 'DS-261215-AB12CD';
    expect(evidenceCsv(pack(), url).split('\r\n')).toEqual([
      'Booking reference,Line,Time (Asia/Kolkata),Source,Original time,Corrected by,Reason',
      `${ref},Gate-in,2026-12-15 10:00,Gate pass scan,,,`,
      `${ref},Gate-out,2026-12-15 13:00,Staff correction,2026-12-15 13:15 (Status change),Asha Patil,Gate register: 13:00`,
      `${ref},Arrival,On time (0 min from window start),,,,`,
      `${ref},Dwell (min),180,,,,`,
      `${ref},Wait for a door (min),180,,,,`,
      `${ref},Time at door (min),,,,,`,
      `${ref},Carrier's own time (min),0,,,,`,
      `${ref},Terms,"120 min free, INR 500.00 per started hour, 30 min grace, late fee INR 1500.00",,,,`,
      `${ref},Detention (min): waiting for a door,60,,,,`,
      `${ref},Detention (min): at the door,0,,,,`,
      `${ref},Detention (min): documents,0,,,,`,
      `${ref},Detention (min): held by the hub,0,,,,`,
      `${ref},Detention (min),60,,,,`,
      `${ref},Detention (started hours),1,,,,`,
      `${ref},Detention owed by the hub (INR),500.00,,,,`,
      `${ref},Late fee owed by the carrier (INR),0.00,,,,`,
      `${ref},Evidence hash (SHA-256),${hash},,,,`,
      `${ref},Verify at,${url},,,,`,
      '',
    ]);
  });

  it('prints as one A4 page whose subject is the hash, even with a name Helvetica cannot draw', async () => {
    const p = pack();
    p.carrier = 'सह्याद्री रोडलाइन्स';
    const bytes = await evidencePdf(p, `https://app.example.in/verify/${evidenceHash(p)}`);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getPage(0).getSize()).toEqual({ width: 595.28, height: 841.89 });
    expect(doc.getSubject()).toBe(evidenceHash(p));
    expect(doc.getTitle()).toBe('Detention evidence DS-261215-AB12CD');
  });
});

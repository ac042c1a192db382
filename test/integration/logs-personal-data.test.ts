// Logs carry no personal data (issue #36): a whole journey runs through the local HTTP path with the
// logger at its most talkative (debug), and every line it prints is kept. The journey takes a new
// driver's name, mobile number, licence and vehicle number in every way the product takes them (staff
// create the driver, book, check in, a guest books a slot with the same person, the driver is sent
// SMS, asks for a sign-in code, reads their data) and makes the server log on purpose (a refused
// check-in, a message written to the local outbox with its body). Then no line holds the phone in any
// of its written forms, the licence, the vehicle number or the name, while the lines are really there
// (the outbox lines of the journey's own messages, masked).
import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { openHub } from '../support/checkin-hub';
import { waitFor } from '../support/wait-for';

// Before any module of the server loads: the logger takes its level from LOG_LEVEL when it is made
// (and goes back to it at every request), and every line printed from here on is kept, not shown.
const printed = vi.hoisted(() => {
  process.env.LOG_LEVEL = 'debug';
  const lines: string[] = [];
  const keep = (stream: NodeJS.WriteStream) => {
    const write = stream.write.bind(stream);
    stream.write = (chunk: string | Uint8Array, ...rest: unknown[]) => {
      lines.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      const done = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
      done?.();
      return true;
    };
    return () => {
      stream.write = write;
    };
  };
  const restore = [keep(process.stdout), keep(process.stderr)];
  return { lines, restore: () => restore.forEach((r) => r()) };
});

let api: TestApi;
let ops: Client;

beforeAll(async () => {
  api = await startTestApi({ workers: ['event-forwarder', 'messaging-notifier'] });
  ops = new Client(api.url);
  await ops.signIn('operations');
}, 120_000);
afterAll(async () => {
  await api?.close();
  printed.restore();
});

// A person of this run only, written out by hand in the forms people type them.
const serial = String(randomInt(1_000_000, 9_999_999));
const digits = `9${String(randomInt(100_000_000, 999_999_999))}`;
const PERSON = {
  name: `Logscan Ramprasad ${randomUUID().slice(0, 6)}`,
  phone: digits,
  licence: `MH12 2019 ${serial}`,
  vehicle: `MH12LS${String(randomInt(1000, 9999))}`,
};
const phoneForms = [
  digits,
  `+91${digits}`,
  `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`,
  `${digits.slice(0, 5)} ${digits.slice(5)}`,
];
const licenceForms = [PERSON.licence, PERSON.licence.replace(/ /g, ''), `MH-12-2019-${serial}`];

describe('a journey’s logs', () => {
  it('hold none of the people’s phone numbers, licences, vehicle numbers or names', async () => {
    const hub = await openHub(ops, `Logscan Hub ${Date.now()}`);
    const driver = await ops.post('/api/drivers', {
      carrierId: 'carrier-sahyadri',
      name: PERSON.name,
      phone: `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`,
      licenseNumber: PERSON.licence.replace(/ /g, ''),
    });
    expect(driver.status, driver.text).toBe(201);
    const booked = await hub.appointment('12:00', {
      driverId: driver.body.id,
      vehicleLicense: PERSON.vehicle,
      dockDoorId: hub.doors.h1.id,
    });
    // A refused check-in (an appointment we do not hold) and a real one, both naming the person.
    const refused = await ops.post('/api/checkins', {
      appointmentId: randomUUID(),
      driverName: PERSON.name,
      vehicleLicense: PERSON.vehicle,
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const checkin = await ops.post('/api/checkins', {
      appointmentId: booked.id,
      driverName: PERSON.name,
      vehicleLicense: PERSON.vehicle,
    });
    expect(checkin.status, checkin.text).toBe(201);
    // A sign-in code to the person's number, and one to a number in another written form.
    const code = new Client(api.url);
    await code.post('/api/auth/mobile-code', { mobileNumber: digits });
    await code.post('/api/auth/mobile-code', { mobileNumber: `+91${digits}` });
    // The driver's messages reach the local outbox, which logs each one at debug with its body.
    const { localOutbox } = await import('../../functions/messaging/outbox.store');
    await waitFor(
      () => localOutbox(500),
      (messages) => messages.some((m) => m.to.replace(/\D/g, '').endsWith(digits)),
      'the driver’s message in the local outbox',
      60_000,
    );

    const text = printed.lines.join('');
    const outboxLines = printed.lines.filter((l) => l.includes('message (local outbox)'));
    expect(outboxLines.length).toBeGreaterThan(0);
    for (const form of [...phoneForms, ...licenceForms, PERSON.vehicle, PERSON.name]) {
      expect(text, `a log line holds ${form}`).not.toContain(form);
    }
    expect(text).not.toContain(serial);
    expect(text).not.toContain(digits.slice(-7));
  }, 180_000);
});

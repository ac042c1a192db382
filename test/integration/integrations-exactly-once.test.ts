// Inbound webhooks exactly once, through the local HTTP path: a duplicate (same webhook-id, or the same
// external request under a new one; one after another or at the same moment) gets the first answer and
// books nothing more; the booking, its external-id mapping and the stored answer are one transaction,
// so a crash after it or inside it leaves all or nothing, and the sender's retry books once. (Outbound
// exactly once, leases and fairness: integrations-webhooks.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { Webhook } from 'standardwebhooks';
import { Client, startTestApi, type TestApi } from '../support/api';
import { FAKE_CREDENTIALS, startFakeTms, type FakeTms } from '../support/fake-tms';
import { indiaDate } from '../support/dates';
import { getItem } from '../../functions/lib/dynamo';
import { getExternalRef, inboundKeys } from '../../functions/integrations/inbound.store';

let api: TestApi;
let tms: FakeTms;
let admin: Client;
let tenantId: string;

beforeAll(async () => {
  api = await startTestApi();
  tms = await startFakeTms();
  admin = new Client(api.url);
  tenantId = (await admin.signIn('admin')).tenantId;
});
afterAll(async () => {
  await tms.close();
  await api.close();
});

async function inboundSystem() {
  const system = await admin.post('/api/integrations/systems', {
    name: 'Exactly-once TMS',
    systemType: 'TMS',
    baseUrl: tms.url,
    authType: 'API_KEY',
    authConfig: { apiKey: FAKE_CREDENTIALS.apiKey },
  });
  expect(system.status).toBe(201);
  return { id: system.body.id as string, secret: system.body.inboundSecret as string };
}

/** One appointment request of the TMS contract, at its own time so no two tests compete for a slot. */
const request = (id: string, date: string, timeStart: string, timeEnd: string) => ({
  id,
  carrierName: 'Sahyadri Roadways',
  date,
  timeStart,
  timeEnd,
  loadType: 'inbound',
  poNumber: `PO-${id}`,
});

function send(
  system: { id: string; secret: string },
  data: unknown,
  webhookId = `msg_${randomUUID().replace(/-/g, '')}`,
) {
  const body = JSON.stringify({ type: 'appointment.requested', data });
  const at = new Date();
  const signature = new Webhook(system.secret).sign(webhookId, at, body);
  return admin.request('POST', `/api/integrations/inbound/${system.id}`, {
    rawBody: body,
    headers: {
      'content-type': 'application/json',
      'webhook-id': webhookId,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signature,
    },
  });
}

/** A sender's retries of an answer that asks for one (409 still in progress, 503 busy), half a second apart. */
async function untilFinal(answer: Awaited<ReturnType<typeof send>>, deliver: () => ReturnType<typeof send>) {
  for (let retry = 0; retry < 10 && (answer.status === 409 || answer.status === 503); retry++) {
    await new Promise((r) => setTimeout(r, 500));
    answer = await deliver();
  }
  return answer;
}

const booked = async (date: string, poNumber: string) =>
  ((await admin.get(`/api/appointments?date=${date}`)).body as { id: string; poNumber: string | null }[]).filter(
    (a) => a.poNumber === poNumber,
  );

type TransactItems = NonNullable<TransactWriteCommand['input']['TransactItems']>;

/**
 * Sends the webhook while the booking's transaction (the one writing an external-id mapping) fails
 * once: before it reaches the table, or after the table committed it (its answer lost, as when the
 * function dies). Every other call goes through. Gives the answer and the items that transaction held.
 */
async function sendCrashing(
  when: 'before' | 'after',
  system: { id: string; secret: string },
  data: unknown,
  webhookId: string,
) {
  const proto = DynamoDBDocumentClient.prototype as unknown as {
    send: (this: unknown, command: unknown, ...rest: unknown[]) => Promise<unknown>;
  };
  const own = Object.prototype.hasOwnProperty.call(proto, 'send');
  const original = proto.send;
  const held: TransactItems[] = [];
  const restore = () => {
    if (own) proto.send = original;
    else delete (proto as { send?: unknown }).send;
  };
  proto.send = async function (command, ...rest) {
    const items = command instanceof TransactWriteCommand ? (command.input.TransactItems ?? []) : [];
    if (!items.some((i) => String(i.Put?.Item?.PK ?? '').includes('#EXTREF#')))
      return original.call(this, command, ...rest);
    restore();
    held.push(items);
    if (when === 'after') await original.call(this, command, ...rest);
    throw new Error(`crash ${when} the booking transaction`);
  };
  try {
    return { answer: await send(system, data, webhookId), held };
  } finally {
    restore();
  }
}

describe('inbound: a duplicate gets the first answer and books nothing', () => {
  it('answers sequential duplicates (same webhook-id, or same request under a new id) as the first, and a refused one as refused', async () => {
    // Prepare
    const system = await inboundSystem();
    const date = indiaDate(3);
    const good = request(`SEQ-${randomUUID().slice(0, 6)}`, date, '10:00', '10:30');
    const refused = {
      id: `SEQ-BAD-${randomUUID().slice(0, 4)}`,
      carrierName: 'No Such Carrier Ltd',
      date,
      timeStart: '10:30',
      timeEnd: '11:00',
    };
    // Act
    const first = await send(system, good, 'msg_seq_1');
    const sameId = await send(system, good, 'msg_seq_1');
    const sameRequest = await send(system, good, 'msg_seq_2');
    const refusedFirst = await send(system, refused, 'msg_seq_3');
    const refusedAgain = await send(system, refused, 'msg_seq_3');
    // Assess
    expect([first.status, first.body.message]).toEqual([201, undefined]);
    expect(first.body).toEqual({
      received: true,
      type: 'appointment.requested',
      result: 'created',
      appointmentId: expect.any(String),
    });
    expect([sameId.status, sameId.body]).toEqual([201, first.body]);
    expect([sameRequest.status, sameRequest.body]).toEqual([201, first.body]);
    expect(await booked(date, good.poNumber)).toEqual([expect.objectContaining({ id: first.body.appointmentId })]);
    expect([refusedFirst.status, refusedFirst.body]).toEqual([
      422,
      { message: 'Unknown carrier "No Such Carrier Ltd"' },
    ]);
    expect([refusedAgain.status, refusedAgain.body]).toEqual([422, refusedFirst.body]);
  });

  it('books once when the same webhook-id, or the same request under new ids, arrives several times at the same moment', async () => {
    // Prepare
    const system = await inboundSystem();
    const date = indiaDate(3);
    const sameId = request(`CON-A-${randomUUID().slice(0, 6)}`, date, '11:00', '11:30');
    const sameRequest = request(`CON-B-${randomUUID().slice(0, 6)}`, date, '11:30', '12:00');
    // Act: three at once each; a sender told to retry (409 still in progress, or 503 busy) sends the same again.
    const deliveries = [
      ...Array.from({ length: 3 }, () => () => send(system, sameId, 'msg_concurrent')),
      ...Array.from({ length: 3 }, () => () => send(system, sameRequest)),
    ];
    const firstAnswers = await Promise.all(deliveries.map((deliver) => deliver()));
    const finalAnswers = await Promise.all(firstAnswers.map((answer, i) => untilFinal(answer, deliveries[i]!)));
    // Assess
    for (const answer of firstAnswers) expect([201, 409, 503]).toContain(answer.status);
    expect(firstAnswers.filter((a) => a.status !== 201).every((a) => Number(a.headers['retry-after']) >= 1)).toBe(true);
    for (const answers of [finalAnswers.slice(0, 3), finalAnswers.slice(3)]) {
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
      expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    }
    expect((await booked(date, sameId.poNumber)).map((a) => a.id)).toEqual([finalAnswers[0]!.body.appointmentId]);
    expect((await booked(date, sameRequest.poNumber)).map((a) => a.id)).toEqual([finalAnswers[3]!.body.appointmentId]);
  });
});

describe('inbound: booking, mapping and answer are one transaction', () => {
  it('leaves everything done when the function dies after the booking transaction, and the retry books nothing more', async () => {
    // Prepare
    const system = await inboundSystem();
    const date = indiaDate(4);
    const req = request(`CRASH-A-${randomUUID().slice(0, 6)}`, date, '10:00', '10:30');
    // Act
    const crash = await sendCrashing('after', system, req, 'msg_crash_after');
    const [appointment, ...others] = await booked(date, req.poNumber);
    const ref = await getExternalRef(tenantId, system.id, req.id);
    const message = await getItem<{ state: string; answer: unknown }>(
      inboundKeys.message(tenantId, system.id, 'msg_crash_after'),
      true,
    );
    const retried = await send(system, req, 'msg_crash_after');
    const retriedNewId = await send(system, req);
    // Assess: one transaction held the appointment, its mapping and the stored answer.
    expect(crash.answer.status).toBe(500);
    expect(crash.held).toHaveLength(1);
    const written = crash.held[0]!.map((i) => `${String(i.Put?.Item?.entity ?? i.Update?.Key?.SK ?? '')}`);
    expect(written).toEqual(expect.arrayContaining(['appointment', 'integration-external-ref', 'MSG#msg_crash_after']));
    expect(appointment).toBeDefined();
    expect(others).toEqual([]);
    expect(ref).toMatchObject({ appointmentId: appointment!.id });
    const answer = { received: true, type: 'appointment.requested', result: 'created', appointmentId: appointment!.id };
    expect(message).toMatchObject({ state: 'ANSWERED', answer: { status: 201, body: JSON.stringify(answer) } });
    expect([retried.status, retried.body]).toEqual([201, answer]);
    expect([retriedNewId.status, retriedNewId.body]).toEqual([201, answer]);
    expect(await booked(date, req.poNumber)).toHaveLength(1);
  });

  it('leaves nothing when the booking transaction fails, and the retry books exactly once', async () => {
    // Prepare
    const system = await inboundSystem();
    const date = indiaDate(4);
    const req = request(`CRASH-B-${randomUUID().slice(0, 6)}`, date, '10:30', '11:00');
    // Act
    const crash = await sendCrashing('before', system, req, 'msg_crash_before');
    const appointmentsAfterCrash = await booked(date, req.poNumber);
    const refAfterCrash = await getExternalRef(tenantId, system.id, req.id);
    const messageAfterCrash = await getItem(inboundKeys.message(tenantId, system.id, 'msg_crash_before'), true);
    const retried = await send(system, req, 'msg_crash_before');
    const again = await send(system, req, 'msg_crash_before');
    // Assess
    expect(crash.answer.status).toBe(500);
    expect(crash.held).toHaveLength(1);
    expect(appointmentsAfterCrash).toEqual([]);
    expect(refAfterCrash).toBeNull();
    expect(messageAfterCrash).toBeNull();
    expect(retried.status).toBe(201);
    expect([again.status, again.body]).toEqual([201, retried.body]);
    expect((await booked(date, req.poNumber)).map((a) => a.id)).toEqual([retried.body.appointmentId]);
  });
});

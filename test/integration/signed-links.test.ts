// One signed-link scheme (issue #52.10), opened from the attacker's side through the real local HTTP
// path: gate pass links, reslot links, gate QR codes and the privacy choices link all carry an
// expiry, a key id and a signature of the tenant's sealed key of their kind. An expired, tampered or
// retired-key token opens nothing; a token of the previous key works during the rotation overlap; a
// choices link expires; a token of the scheme before this one still opens during its overlap.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { openHub, qrToken } from '../support/checkin-hub';
import { getAppointment } from '../../functions/appointments';
import { getFacility } from '../../functions/facilities';
import { newPassLink } from '../../functions/passes';
import { PASS_LINK } from '../../functions/passes/pass-link.store';
import { choicesToken } from '../../functions/consent';
import { CHOICES_LINK, ensureChoicesLink } from '../../functions/consent/consent.store';
import { personOf } from '../../functions/consent/rules';
import { GATE_QR_LINK } from '../../functions/checkins/qr-link.store';
import { newReslotLink } from '../../functions/trips/reslot';
import { newReslotLinkPut } from '../../functions/trips/reslot.store';
import { transact, putIfAbsent } from '../../functions/lib/dynamo';
import { sealSecret } from '../../functions/lib/secrets';
import {
  linkIdOf,
  linkToken,
  newLinkId,
  retirePreviousLinkKey,
  rotateLinkKey,
  signLink,
} from '../../functions/lib/signed-link';

let api: TestApi;
let ops: Client;
const anonymous = () => new Client(api.url);

beforeAll(async () => {
  api = await startTestApi();
  ops = new Client(api.url);
  await ops.signIn('operations');
}, 120_000);
afterAll(() => api.close());

const DAY = 86_400_000;
/** The token with the character at `at` (from the end when negative) changed. */
function flipped(token: string, at: number): string {
  const i = at < 0 ? token.length + at : at;
  return token.slice(0, i) + (token[i] === 'A' ? 'B' : 'A') + token.slice(i + 1);
}

/** A scheduled 12:00 appointment today at a hub of its own, with its facility as the stores hold them. */
async function appointmentAtHub(name: string) {
  const site = await openHub(ops, name);
  const made = await site.appointment('12:00');
  const appointment = (await getAppointment(made.tenantId, made.id))!;
  const facility = (await getFacility(made.tenantId, site.facility.id))!;
  return { site, appointment, facility };
}

const openPass = (token: string) => anonymous().get(`/api/passes/${token}`);

describe('gate pass links', () => {
  it('carry an expiry, a key id and a signature; a tampered token is refused as not valid', async () => {
    const { appointment, facility } = await appointmentAtHub('Signed Link Tamper Hub');
    const token = await newPassLink(appointment, facility, null, null);
    expect(token).toMatch(/^[A-Za-z0-9_-]{16}~[0-9a-z]{1,10}~[A-Za-z0-9_-]{4}~[A-Za-z0-9_-]{22}$/);
    expect((await openPass(token)).status).toBe(200);
    const [id, exp, kid, signature] = token.split('~') as [string, string, string, string];
    const later = (parseInt(exp, 36) + 86_400).toString(36);
    for (const tampered of [
      flipped(token, -3),
      `${id}~${later}~${kid}~${signature}`,
      `${id}~${exp}~${flipped(kid, 0)}~${signature}`,
      `${flipped(id, 2)}~${exp}~${kid}~${signature}`,
      `${id}~${signature}`,
    ]) {
      const res = await openPass(tampered);
      expect(res.status, tampered).toBe(404);
      expect(res.body.message).toBe('This gate pass link is not valid');
    }
  });

  it('refuses a link past the expiry its token carries', async () => {
    const { appointment, facility } = await appointmentAtHub('Signed Link Expiry Hub');
    const token = await newPassLink(appointment, facility, null, null);
    const id = linkIdOf(token)!;
    const fields = [appointment.tenantId, appointment.id];
    const { getPassLink } = await import('../../functions/passes/pass-link.store');
    const link = (await getPassLink(id))!;
    // The same link, signed by the tenant's key with an expiry an hour ago.
    const lapsed = await signLink(
      PASS_LINK,
      appointment.tenantId,
      id,
      [...fields, link.validUntil],
      new Date(Date.now() - 3_600_000),
    );

    const res = await openPass(lapsed);

    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This gate pass link has expired');
    expect((await openPass(token)).status).toBe(200);
  });

  it('opens a link of the previous key during the overlap of a rotation, and not after that key is retired', async () => {
    const { appointment, facility } = await appointmentAtHub('Signed Link Rotation Hub');
    const before = await newPassLink(appointment, facility, null, null);

    await rotateLinkKey(PASS_LINK, appointment.tenantId, null);
    const after = await newPassLink(appointment, facility, null, null);
    const duringOverlap = await openPass(before);
    await retirePreviousLinkKey(PASS_LINK, appointment.tenantId, null);
    const afterRetirement = await openPass(before);

    expect(after.split('~')[2]).not.toBe(before.split('~')[2]);
    expect(duringOverlap.status, duringOverlap.text).toBe(200);
    expect(duringOverlap.body.claims.apt).toBe(appointment.id);
    expect(afterRetirement.status).toBe(404);
    expect(afterRetirement.body.message).toBe('This gate pass link is not valid');
    expect((await openPass(after)).status).toBe(200);
  });
});

describe('reslot links and gate QR codes', () => {
  it('refuse a tampered reslot token and a tampered or expired gate QR code', async () => {
    const { appointment, facility } = await appointmentAtHub('Signed Link Reslot Hub');
    const { link, token } = await newReslotLink(appointment, facility, new Date().toISOString(), new Date());
    await transact([newReslotLinkPut(link)], () => new Error('reslot link exists'));
    const reslot = (t: string) => anonymous().get(`/api/reslot/${t}`);
    expect((await reslot(token)).status).toBe(200);
    const tamperedReslot = await reslot(flipped(token, -1));
    expect(tamperedReslot.status).toBe(404);
    expect(tamperedReslot.body.message).toBe('This reslot link is not valid');

    const qr = await qrToken(ops, facility.id);
    const openQr = (t: string) => anonymous().get(`/api/checkins/qr-link?t=${t}`);
    expect((await openQr(qr)).status).toBe(200);
    const lapsedQr = await signLink(
      GATE_QR_LINK,
      facility.tenantId,
      linkIdOf(qr)!,
      [facility.tenantId, facility.id],
      new Date(Date.now() - 60_000),
    );
    for (const refused of [flipped(qr, -2), lapsedQr]) {
      const res = await openQr(refused);
      expect(res.status, refused).toBe(400);
      expect(res.body.message).toBe(
        'This check-in code is not valid or has expired. Please scan the code at the gate again.',
      );
    }
  });
});

describe('the privacy choices link', () => {
  it('expires: a link sent 31 days ago is refused, one sent today opens', async () => {
    const tenantId = 'demo';
    const phone = `98${String(Date.now()).slice(-8)}`;
    const old = (await choicesToken(tenantId, phone, new Date(Date.now() - 31 * DAY)))!;
    const fresh = (await choicesToken(tenantId, phone))!;

    const expired = await anonymous().get(`/api/privacy/choices/${old}`);
    const open = await anonymous().get(`/api/privacy/choices/${fresh}`);

    expect(expired.status).toBe(409);
    expect(expired.body.message).toBe('This choices link has expired. The latest message from us has a new link.');
    const hindi = await anonymous().get(`/api/privacy/choices/${old}`, { headers: { 'Accept-Language': 'hi' } });
    expect(hindi.body.message).toBe('इस विकल्प लिंक की अवधि समाप्त हो गई है। हमारे सबसे नए संदेश में नया लिंक है।');
    expect(open.status, open.text).toBe(200);
  });

  it('keeps a token of the old scheme (signed with the unrotated key) open during its overlap, then refuses it', async () => {
    // Prepare: a tenant whose choices key is the old scheme's, and a link sent with it.
    const tenantId = `t${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const key = randomBytes(32);
    await putIfAbsent({
      ...CHOICES_LINK.keysAt(tenantId),
      entity: 'consent-link-key',
      sealed: await sealSecret(tenantId, key.toString('base64')),
    });
    const phone = '9876501234';
    const person = personOf(tenantId, phone)!;
    const id = await ensureChoicesLink(tenantId, person, newLinkId());
    const legacy = linkToken(key, id, [tenantId, person]);
    const open = () => anonymous().get(`/api/privacy/choices/${legacy}`);

    // Act and assess: open before and after the first new-scheme link (the old key becomes the previous one).
    expect((await open()).status).toBe(200);
    const fresh = (await choicesToken(tenantId, phone))!;
    expect(fresh).not.toBe(legacy);
    expect((await open()).status).toBe(200);
    expect((await open()).body).toMatchObject({ choices: { sms: false, whatsapp: false, marketing: false } });
    await retirePreviousLinkKey(CHOICES_LINK, tenantId, null);
    const retired = await open();
    expect(retired.status).toBe(404);
    expect(retired.body.message).toBe('This choices link is not valid');
    expect((await anonymous().get(`/api/privacy/choices/${fresh}`)).status).toBe(200);
  });
});

// Issue #59, the hub's side: operations staff of the demo hub, on the carriers screen's "Carriers on
// DockSaathi", invite a carrier registered on the platform by its GSTIN and see it invited; a GSTIN
// whose check digit fails is refused with the server's text. Once the carrier accepts (its own API,
// signed in by SMS code), staff see it linked; inviting it again is refused as already linked; they
// unlink it after a confirmation, it is gone from the list and the carrier no longer has the hub. The
// carrier then asks to link again and staff approve it, naming their carrier record.
// Every run makes its own carrier, GSTIN, mobile number and carrier record.
import { randomInt, randomUUID } from 'node:crypto';
import { expect as baseExpect, request, test, type APIRequestContext } from '@playwright/test';
import { gstinCheckCharacter } from '../../shared/gstin';
import { apiAs } from './checkin-support';
import { signInTo, whenNotBusy } from './support';

// Screens load their code lazily; on a busy shared machine a first load takes longer than 5 s.
const expect = baseExpect.configure({ timeout: 20_000 });
const HUB = 'Demo Logistics Pvt Ltd';

const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(65 + randomInt(0, 26))).join('');
/** A GSTIN that passes its check character: Maharashtra (27), a made-up PAN, entity 1, Z. */
function newGstin(): string {
  const first14 = `27${letters(5)}${randomInt(1000, 10000)}${letters(1)}1Z`;
  return first14 + gstinCheckCharacter(first14);
}
const mobile = () => `9${randomInt(100_000_000, 1_000_000_000)}`;

/** The carrier's owner signed in by the SMS code sent to `phone` (read from the dev outbox). */
async function carrierSession(baseURL: string, phone: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  const asked = await whenNotBusy(() =>
    api.post('/api/carrier-identity/mobile-code', { data: { phoneNumber: phone } }),
  );
  expect(asked.status(), await asked.text()).toBe(200);
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const messages = (await (await api.get('/api/dev/outbox')).json()) as { to: string; body: string }[];
        const found = messages.find((m) => (m.to === phone || m.to.endsWith(phone)) && /code is (\d{6})/.test(m.body));
        code = found ? /code is (\d{6})/.exec(found.body)?.[1] : undefined;
        return Boolean(code);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const verified = await api.post('/api/carrier-identity/mobile-code/verify', { data: { phoneNumber: phone, code } });
  expect(verified.status(), await verified.text()).toBe(200);
  return api;
}

test('hub staff invite a platform carrier by GSTIN, see it linked once it accepts, unlink it, approve its request', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const tag = randomUUID().slice(0, 6);
  const gstin = newGstin();
  const carrier = { name: `Ganga Roadlines ${tag}`, phone: mobile() };
  const recordName = `Ganga Roadlines (hub record) ${tag}`;

  // The carrier registers on DockSaathi; the hub has its own carrier record for it.
  const publicApi = await request.newContext({ baseURL });
  const registered = await whenNotBusy(() =>
    publicApi.post('/api/carrier-identity/register', {
      data: { gstin, name: carrier.name, ownerName: 'Suresh Patil', phoneNumber: carrier.phone },
    }),
  );
  expect(registered.status(), await registered.text()).toBe(201);
  await publicApi.dispose();
  const ops = await apiAs(baseURL!, 'operations');
  const record = await ops.post('/api/carriers', {
    data: { name: recordName, contactEmail: '', contactPhone: '', serviceTypes: ['FTL'] },
  });
  expect(record.status(), await record.text()).toBe(201);
  await ops.dispose();

  await signInTo(page, 'operations', '/carriers');
  const section = page.getByRole('region', { name: 'Carriers on DockSaathi' });
  await expect(section).toBeVisible();
  const invite = section.getByRole('form', { name: 'Invite a carrier' });
  const links = section.getByTestId('carrier-link').filter({ hasText: carrier.name });

  // A GSTIN whose check digit fails is refused with the server's reason; nothing is invited.
  await invite.getByRole('textbox', { name: 'GSTIN' }).fill(gstin.slice(0, 14) + (gstin[14] === 'A' ? 'B' : 'A'));
  await invite.getByLabel('Your carrier record').selectOption({ label: recordName });
  await invite.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(
    invite.getByText('GSTIN check digit does not match. Please check the number for typing mistakes'),
  ).toBeVisible();
  await expect(links).toHaveCount(0);

  // The right GSTIN: the carrier is on the list, invited.
  await invite.getByRole('textbox', { name: 'GSTIN' }).fill(gstin);
  await invite.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(links).toHaveCount(1);
  await expect(links).toContainText('Invited');
  await expect(links).toContainText(`GSTIN ${gstin}`);

  // The carrier accepts the hub's invitation through its own API.
  const owner = await carrierSession(baseURL!, carrier.phone);
  const invitations = (await (await owner.get('/api/carrier-identity/invitations')).json()) as {
    tenantId: string;
    hubName: string;
  }[];
  const hub = invitations.find((i) => i.hubName === HUB);
  expect(hub, JSON.stringify(invitations)).toBeTruthy();
  const accepted = await owner.post(`/api/carrier-identity/invitations/${hub!.tenantId}/accept`);
  expect(accepted.status(), await accepted.text()).toBe(200);

  // Staff see it linked, to their record; inviting it again is refused as already linked.
  await page.reload();
  await expect(links).toContainText('Linked');
  await expect(links).toContainText(`Your record: ${recordName}`);
  await invite.getByRole('textbox', { name: 'GSTIN' }).fill(gstin);
  await invite.getByLabel('Your carrier record').selectOption({ label: recordName });
  await invite.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(
    invite.getByRole('alert').filter({ hasText: 'This carrier is already linked to your hub' }),
  ).toBeVisible();

  // Unlink after the confirmation: gone from the list, and the carrier no longer has this hub.
  await links.getByRole('button', { name: `Unlink: ${carrier.name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Unlink ${carrier.name}?` });
  await expect(confirm).toContainText('loses access to your hub at once');
  await confirm.getByRole('button', { name: 'Unlink' }).click();
  await expect(links).toHaveCount(0);
  const hubs = (await (await owner.get('/api/carrier-identity/hubs')).json()) as { hubName: string }[];
  expect(hubs.map((h) => h.hubName)).not.toContain(HUB);

  // The carrier asks to link again; staff approve it, naming their record, and it is linked once more.
  const asked = await owner.post('/api/carrier-identity/link-requests', { data: { hubId: hub!.tenantId } });
  expect(asked.status(), await asked.text()).toBe(201);
  await page.reload();
  await expect(links).toContainText('Asks to link');
  await links.getByLabel(`Your carrier record for ${carrier.name}`).selectOption({ label: recordName });
  await links.getByRole('button', { name: 'Approve' }).click();
  await expect(links).toContainText('Linked');
  await expect(links).toContainText(`Your record: ${recordName}`);
  await owner.dispose();
});

import { expect, test } from '@playwright/test';
import { signInTo } from './support';
import { laterToday, openHub, zoneWhere } from './checkin-support';

// The PO check by callback on /configuration (issue #32): staff choose Callback for their own new
// facility; saving without an address shows the refusal under its field and keeps the choice; with an
// address and a new signing secret it saves, and opened again the secret is only said to be set (never
// shown), so a later save keeps it. Each run makes its own facility.
test('staff set the PO check to call their system, with a write-only signing secret', async ({ page, baseURL }) => {
  test.setTimeout(90_000); // real calls on a shared 2-core machine
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();
  const hub = await openHub(baseURL!, `Callback Hub ${tag}`, zoneWhere(laterToday));
  const url = `http://127.0.0.1:9/po-check/${tag.toLowerCase()}`;

  await signInTo(page, 'operations', '/configuration');
  await page.getByLabel('Facility', { exact: true }).selectOption({ label: hub.name });
  const panel = page.locator('main');
  await panel.getByRole('combobox', { name: 'PO check', exact: true }).selectOption('callback');
  await panel.getByRole('button', { name: 'Save PO check' }).click();
  const address = panel.getByLabel('Address of your system');
  await expect(address).toHaveAttribute('aria-invalid', 'true');
  await expect(panel.getByText("Enter the address of your system's reference check")).toBeVisible();

  await address.fill(url);
  await panel.getByRole('button', { name: 'Make a new secret' }).click();
  const secret = panel.getByLabel('Signing secret');
  await expect(secret).toHaveValue(/^whsec_[A-Za-z0-9+/]{43}=$/);
  await expect(
    panel.getByText('Copy this secret into your system now, then save: it is not shown again.'),
  ).toBeVisible();
  await panel.getByRole('combobox', { name: 'When your system does not answer' }).selectOption('pending_review');
  await panel.getByRole('button', { name: 'Save PO check' }).click();
  await expect(page.getByText('PO check saved')).toBeVisible();

  await page.reload();
  await page.getByLabel('Facility', { exact: true }).selectOption({ label: hub.name });
  await expect(panel.getByRole('combobox', { name: 'PO check', exact: true })).toHaveValue('callback');
  await expect(panel.getByLabel('Address of your system')).toHaveValue(url);
  await expect(panel.getByLabel('Signing secret')).toHaveValue('');
  await expect(panel.getByText('A secret is set. Leave this empty to keep it.')).toBeVisible();
  await expect(panel.getByRole('combobox', { name: 'When your system does not answer' })).toHaveValue('pending_review');
});

// Switching the facility while its PO check is still on its way: the form of the facility before is not
// left open to be chosen in, then replaced by the policy arriving (a choice made in between was lost).
// The new facility's policy is held back for two seconds, so the moment is there on every run.
test('a PO check chosen after switching facility is kept when that facility’s policy arrives', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();
  const hub = await openHub(baseURL!, `Switch Hub ${tag}`, zoneWhere(laterToday));
  await page.route(`**/api/references/facilities/${hub.id}/policy`, async (route) => {
    if (route.request().method() === 'GET') await new Promise((r) => setTimeout(r, 2000));
    await route.continue();
  });

  await signInTo(page, 'operations', '/configuration');
  const panel = page.locator('main');
  const mode = panel.getByRole('combobox', { name: 'PO check', exact: true });
  await expect(mode).toBeVisible();
  await page.getByLabel('Facility', { exact: true }).selectOption({ label: hub.name });
  // While the new facility's policy is on its way, no PO check form is offered to choose in.
  await expect(mode).toBeHidden();
  await expect(mode).toHaveValue('off');
  await mode.selectOption('callback');
  await expect(panel.getByLabel('Address of your system')).toBeVisible();
  await expect(mode).toHaveValue('callback');
});

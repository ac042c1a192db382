// Issue #53, item 7 (and item 5's repeated field): set-up that can be corrected. A new organisation says
// how many dock doors its first facility has, is welcomed (not "welcomed back") on its first screen,
// and the dashboard's dock filter lists exactly those doors. Staff edit an appointment type and a
// booking field in place, are asked before a delete, and a field that repeats a built-in one (a second
// "PO number") is refused under its label, on adding and on editing.
import { expect as baseExpect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { sentTo, signInTo } from './support';
import { apiAs } from './checkin-support';

// Screens load their code lazily; on a busy shared machine a first load takes longer than 5 s.
const expect = baseExpect.configure({ timeout: 20_000 });

const tagOf = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The field's message is its accessible description and the field is marked invalid. */
async function expectUnder(scope: Locator, label: string, message: string) {
  const input = scope.getByLabel(label, { exact: true });
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveAccessibleDescription(message);
}

async function codeSentTo(request: APIRequestContext, email: string) {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const outbox = await sentTo(request, email);
      code = /code is (\d{6})/.exec(outbox.find((m) => m.to === email)?.body ?? '')?.[1];
      return Boolean(code);
    })
    .toBe(true);
  return code!;
}

test('a new organisation says how many dock doors it has, is welcomed, and filters its schedule by those doors', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = tagOf();
  const email = `doors.${tag}@threedoors.in`;
  const password = 'Doors2026hub';

  await page.goto('/signup');
  const form = page.getByRole('form', { name: 'Start your 30-day free trial' });
  await form.getByLabel('Company name').fill(`Three Doors Freight ${tag}`);
  await form.getByLabel('First name').fill('Kavita');
  await form.getByLabel('Last name').fill('Joshi');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Mobile number').fill(`9${String(Date.now()).slice(-9)}`);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Confirm password').fill(password);
  await form.getByLabel('Facility name').fill(`Talegaon Hub ${tag}`);
  await form.getByLabel('City').fill('Pune');
  await form.getByLabel('State').fill('Maharashtra');
  // No number of doors is made up: it is asked, and out-of-range answers are refused under the field.
  const doors = form.getByLabel('Number of dock doors');
  await expect(doors).toHaveValue('');
  await form.getByRole('button', { name: 'Create organisation' }).click();
  await expectUnder(form, 'Number of dock doors', 'Enter the number of dock doors, from 1 to 40');
  await doors.fill('41');
  await form.getByRole('button', { name: 'Create organisation' }).click();
  await expectUnder(form, 'Number of dock doors', 'Enter the number of dock doors, from 1 to 40');
  await doors.fill('3');
  await form.getByRole('button', { name: 'Create organisation' }).click();

  const verify = page.getByRole('form', { name: 'Verify your email' });
  await expect(verify).toBeVisible();
  await verify.getByLabel('Verification code').fill(await codeSentTo(request, email));
  await verify.getByRole('button', { name: 'Verify and start trial' }).click();
  await expect(page).toHaveURL(/\/$/);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Welcome to DockSaathi, Kavita');
  await expect(page.getByText('Welcome back')).toHaveCount(0);

  // The dock filter lists the facility's own three doors.
  const filter = page.getByLabel('Dock filter');
  await expect(filter.locator('option')).toHaveText(['All docks', 'Dock D01', 'Dock D02', 'Dock D03']);

  // A later visit is a return.
  await page.goto('/facilities');
  await expect(page.getByRole('heading', { name: /^Facilities/ }).first()).toBeVisible();
  await page.goto('/');
  await expect(heading).toHaveText('Welcome back, Kavita');
});

test('staff edit a type and a field in place, are asked before deleting, and cannot repeat a built-in field', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const tag = tagOf().toUpperCase();
  const ops = await apiAs(baseURL!, 'operations');
  const created = await ops.post('/api/facilities', {
    data: {
      name: `Edit Hub ${tag}`,
      address: 'Plot 9, MIDC',
      operatingHoursStart: '06:00',
      operatingHoursEnd: '20:00',
    },
  });
  expect(created.status()).toBe(201);
  const facility = (await created.json()) as { id: string; name: string };
  await ops.dispose();

  await signInTo(page, 'operations', '/configuration');
  await page.getByLabel('Facility', { exact: true }).selectOption({ label: facility.name });
  const types = page.getByTestId('appointment-types');
  const fields = page.getByTestId('booking-fields');

  // A type, then edited in its dialog: the form opens with what was saved.
  const typeForm = page.getByRole('form', { name: 'Add type' });
  await typeForm.getByLabel('Name (English) *').fill(`Loose cartons ${tag}`);
  await typeForm.getByRole('button', { name: 'Add type' }).click();
  await expect(types).toContainText(`Loose cartons ${tag} · Inbound delivery · 60 min`);
  await types.getByRole('button', { name: `Edit Loose cartons ${tag}` }).click();
  const editType = page.getByRole('dialog', { name: 'Edit appointment type' });
  await expect(editType.getByLabel('Name (English) *')).toHaveValue(`Loose cartons ${tag}`);
  await expect(editType.getByLabel('Minutes *')).toHaveValue('60');
  await editType.getByLabel('Direction').selectOption('outbound');
  await editType.getByLabel('Minutes *').fill('90');
  await editType.getByRole('button', { name: 'Save changes' }).click();
  await expect(editType).toBeHidden();
  await expect(types).toContainText(`Loose cartons ${tag} · Outbound pickup · 90 min`);
  await expect(types.getByRole('listitem')).toHaveCount(1);

  // A field that repeats a built-in one is refused under its label, and nothing is added.
  const fieldForm = page.getByRole('form', { name: 'Add field' });
  await fieldForm.getByLabel('Label (English) *').fill('P.O. Number');
  await fieldForm.getByRole('button', { name: 'Add field' }).click();
  await expectUnder(
    fieldForm,
    'Label (English) *',
    'This repeats the built-in field "PO number", which every booking asks already',
  );
  await expect(fieldForm.getByLabel('Label (English) *')).toHaveValue('P.O. Number');
  await expect(page.getByText('No custom booking fields yet.')).toBeVisible();
  await fieldForm.getByLabel('Label (English) *').fill('Seal number');
  await fieldForm.getByRole('button', { name: 'Add field' }).click();
  await expect(fields).toContainText('Seal number · Text');

  // Edited in its dialog: renamed into a built-in one is refused there too; a new kind is saved.
  await fields.getByRole('button', { name: 'Edit Seal number' }).click();
  const editField = page.getByRole('dialog', { name: 'Edit booking field' });
  await expect(editField.getByLabel('Label (English) *')).toHaveValue('Seal number');
  await editField.getByLabel('Label (English) *').fill('e-way  bill');
  await editField.getByRole('button', { name: 'Save changes' }).click();
  await expectUnder(
    editField,
    'Label (English) *',
    'This repeats the built-in field "E-way bill", which every booking asks already',
  );
  await editField.getByLabel('Label (English) *').fill('Seal type');
  await editField.getByLabel('Kind').selectOption('dropdown');
  await editField.getByLabel('Options (comma-separated)').fill('Bolt, Cable');
  await editField.getByRole('button', { name: 'Save changes' }).click();
  await expect(editField).toBeHidden();
  await expect(fields).toContainText('Seal type · Dropdown');
  await expect(fields).not.toContainText('Seal number');

  // Deleting asks first: Cancel keeps the field, Delete removes it.
  await fields.getByRole('button', { name: 'Delete Seal type' }).click();
  const ask = page.getByRole('dialog', { name: 'Delete booking field?' });
  await expect(ask).toContainText(
    'Delete "Seal type"? New bookings no longer ask it; bookings already made keep their answers.',
  );
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(fields).toContainText('Seal type');
  await fields.getByRole('button', { name: 'Delete Seal type' }).click();
  await ask.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByText('No custom booking fields yet.')).toBeVisible();

  // And a type likewise.
  await types.getByRole('button', { name: `Delete Loose cartons ${tag}` }).click();
  const askType = page.getByRole('dialog', { name: 'Delete appointment type?' });
  await askType.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('No appointment types yet: every booking takes one slot.')).toBeVisible();
});

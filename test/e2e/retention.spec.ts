// Issue #36: a facility's admin sets how long check-in photos are kept on the admin's users screen (a value
// out of bounds is refused under its field), then asks for the whole-data export and watches its
// progress reach done with a download link. Each run signs up its own organisation, so its records and
// its export are its own.
import { expect as baseExpect, test, type APIRequestContext } from '@playwright/test';
import { sentTo, signIn } from './support';

test.describe.configure({ timeout: 180_000 });
// Screens load their code lazily; on a busy shared machine a first load takes longer than 5 s.
const expect = baseExpect.configure({ timeout: 20_000 });

const PASSWORD = 'Trial@2026x';
const tagOf = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`;

async function codeSentTo(request: APIRequestContext, email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const messages = await sentTo(request, email);
      code = /code is (\d{6})/.exec(
        messages.find((m) => m.to === email && /code is \d{6}/.test(m.body))?.body ?? '',
      )?.[1];
      return Boolean(code);
    })
    .toBe(true);
  return code!;
}

test('the admin changes a retention period and exports all data, its progress reaching a download link', async ({
  page,
  request,
}) => {
  // Prepare: the run's own organisation, signed up and verified.
  const tag = tagOf();
  const email = `retention.${tag}@example.in`;
  const signup = await request.post('/api/signup', {
    data: {
      companyName: `Retention ${tag} Logistics`,
      gstin: '',
      firstName: 'Kavita',
      lastName: 'Rao',
      email,
      phoneNumber: `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
      password: PASSWORD,
      facilityName: `Retention ${tag} DC`,
      facilityCity: 'Nagpur',
      facilityState: 'Maharashtra',
      dockDoors: 4,
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const verified = await request.post('/api/signup/verify', {
    data: { email, code: await codeSentTo(request, email) },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  await signIn(page, email, PASSWORD);

  // Act: the retention section, with the defaults shown.
  await page.goto('/users');
  const retention = page.getByRole('form', { name: 'Data retention' });
  const photos = retention.getByLabel('Check-in photos (days)');
  await expect(photos).toHaveValue('30');
  await expect(retention.getByText('Default: 72 hours (the most ULIP allows)')).toBeVisible();
  const fastag = retention.getByLabel('FASTag crossings (hours)');
  await fastag.fill('100');
  await retention.getByRole('button', { name: 'Save retention' }).click();
  await expect(retention.getByText('FASTag crossings must be kept between 1 and 72 hours')).toBeVisible();
  await fastag.fill('48');
  await photos.fill('45');
  await retention.getByRole('button', { name: 'Save retention' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Retention saved' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('form', { name: 'Data retention' }).getByLabel('Check-in photos (days)')).toHaveValue(
    '45',
  );

  await page.getByRole('button', { name: 'Export all data' }).click();

  // Assess: the progress reaches done, every record counted, with the link to the archive.
  const progress = page.getByTestId('tenant-export');
  await expect(progress.getByText('Export ready')).toBeVisible({ timeout: 60_000 });
  await expect(progress.getByText(/^(\d+) of \1 records · (\d+) of \2 record types$/)).toBeVisible();
  await expect(progress.getByRole('link', { name: 'Download the archive' })).toHaveAttribute(
    'href',
    /exports%2F|exports\/.+\.tar\.gz/,
  );
});

// The public pages (doc 3 §2, §9; doc 1 footer): each page's key content in English and Hindi, the
// controls that now work (help-center and documentation search, the API reference from the route
// table, the OpenAPI download, legal documents, webinar and job links), and the contact form from
// validation to the stored inquiry an administrator reads.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { ROUTES } from '../../shared/routes';
import { PASSWORD } from './support';

// The machine is shared by several test runs: a page's code may take a while to arrive.
const expect = baseExpect.configure({ timeout: 15_000 });

async function inHindi(page: Page, path: string) {
  await page.goto(path);
  await page.evaluate(() => localStorage.setItem('docksaathi.language', 'hi'));
  await page.goto(path);
}

const cards = (page: Page, testId: string) => page.getByTestId(testId);

test.describe('public pages', () => {
  test('product pages: features, the driver app, messaging and security', async ({ page }) => {
    await page.goto('/features');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Features');
    await expect(cards(page, 'feature')).toHaveCount(8);
    await expect(page).toHaveTitle('Features | DockSaathi');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/features$/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Dock scheduling/);

    await page.goto('/mobile-app');
    await expect(cards(page, 'app-step')).toHaveCount(4);
    await expect(page.getByText('Scan the gate QR code')).toBeVisible();

    await page.goto('/messaging');
    await expect(cards(page, 'channel')).toHaveText([/Push notifications/, /Email/, /SMS/, /In-app/]);
    await expect(cards(page, 'use-case')).toHaveText([
      /Appointment confirmations/,
      /Arrival notifications/,
      /Delay alerts/,
      /Status updates/,
      /Emergency alerts/,
      /Compliance reminders/,
    ]);
    for (const feature of ['Smart routing', 'Group messaging', 'Scheduled messages', 'Encryption'])
      await expect(page.getByRole('heading', { name: feature, exact: true })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Related pages' }).getByRole('link')).toHaveText([
      'Contact us',
      'All features',
    ]);

    await page.goto('/security');
    await expect(cards(page, 'security-area')).toHaveCount(6);
    await expect(cards(page, 'certification')).toHaveText(['ISO 27001', 'SOC 2 Type II', 'GDPR', 'CCPA']);
    for (const metric of ['99.9%', '256-bit', '24/7', '< 2 min'])
      await expect(page.getByText(metric, { exact: true })).toBeVisible();
  });

  test('support and help center: channels with hours, emergency contacts and a search that filters', async ({
    page,
  }) => {
    await page.goto('/support');
    await expect(cards(page, 'support-channel')).toHaveCount(4);
    await expect(cards(page, 'support-channel').first()).toContainText('Recommended');
    await expect(cards(page, 'support-channel').first()).toContainText('Under 2 minutes');
    await expect(cards(page, 'emergency-contact')).toHaveText([/Critical system hotline/, /Security incidents/]);
    await page.getByRole('link', { name: 'Submit a ticket' }).click();
    await expect(page).toHaveURL(/\/contact\?type=support/);
    await expect(page.getByLabel('Inquiry type')).toHaveValue('support');

    await page.goto('/help-center');
    // allTextContents does not wait: the page's code may still be arriving on a busy machine.
    await expect(cards(page, 'help-category')).toHaveCount(6);
    const counts = await cards(page, 'help-category').allTextContents();
    expect(counts.map((c) => Number(/(\d+) articles/.exec(c)?.[1]))).toEqual([12, 18, 8, 15, 10, 22]);
    await expect(cards(page, 'help-article')).toHaveCount(8);
    await expect(page.getByText('Mon-Fri 9 AM-6 PM IST')).toBeVisible();
    await page.getByLabel('Search articles').fill('yard');
    await expect(cards(page, 'help-category')).toHaveText([/Yard Management/]);
    await expect(cards(page, 'help-article')).toHaveText(['Assigning yard spots to waiting trucks']);
    await page.getByLabel('Search articles').fill('zzzz');
    await expect(page.getByText('No articles or categories match “zzzz”.')).toBeVisible();
  });

  test('documentation: four sections, the API reference of the real route table, its search and the OpenAPI download', async ({
    page,
  }) => {
    await page.goto('/documentation');
    const sections = page.getByRole('group', { name: 'Sections' }).getByRole('button');
    await expect(sections).toHaveText(['Getting Started', 'API Reference', 'User Guides', 'Integrations']);
    await expect(sections.first()).toHaveAttribute('aria-pressed', 'true');
    await expect(cards(page, 'doc-item')).toHaveCount(4);
    await expect(cards(page, 'doc-item').first()).toContainText('min read');
    await page.getByRole('button', { name: 'API Reference' }).click();
    await expect(cards(page, 'api-route')).toHaveCount(ROUTES.length);
    await page.getByLabel('Search documentation').fill('/api/contact');
    await expect(cards(page, 'api-route')).toHaveText([
      /POST\s*\/api\/contact\s*Anyone/,
      /GET\s*\/api\/contact\/inquiries\s*Permission inquiries:read/,
    ]);
    await page.getByRole('button', { name: 'User Guides' }).click();
    await page.getByLabel('Search documentation').fill('');
    await expect(cards(page, 'doc-item')).toHaveText([/Administrators/, /Operators/, /Drivers/]);
    await page.getByRole('button', { name: 'Integrations' }).click();
    await expect(cards(page, 'doc-item')).toHaveText([/ERP/, /TMS/, /Communication/, /Authentication/]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('docksaathi-openapi.json');
    const openapi = JSON.parse(
      await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8')),
    );
    expect(openapi.openapi).toMatch(/^3\.1/);
    expect(openapi.paths['/api/contact'].post.requestBody.content['application/json'].schema.required).toEqual([
      'name',
      'email',
      'subject',
      'message',
    ]);
  });

  test('training: tracks with hours and modules, webinars with Register Now / Watch Recording, certifications', async ({
    page,
  }) => {
    await page.goto('/training');
    await expect(cards(page, 'training-track')).toHaveText([
      /Administrator.*Advanced.*4 hours · 8 modules/,
      /Operator.*Intermediate.*2 hours · 5 modules/,
      /Driver.*Beginner.*30 minutes · 3 modules/,
    ]);
    await expect(cards(page, 'webinar')).toHaveCount(3);
    await expect(cards(page, 'webinar').filter({ hasText: 'Upcoming' }).getByRole('link')).toHaveText('Register Now');
    await expect(cards(page, 'webinar').filter({ hasText: 'Recorded' }).getByRole('link')).toHaveText([
      'Watch Recording',
      'Watch Recording',
    ]);
    await expect(cards(page, 'certification')).toHaveCount(2);
    await expect(cards(page, 'certification').first()).toContainText('2 years');
    await cards(page, 'webinar').filter({ hasText: 'Upcoming' }).getByRole('link').click();
    await expect(page.getByLabel('Inquiry type')).toHaveValue('demo');
    await expect(page.getByLabel('Subject *')).toHaveValue(/^Register Now: /);
  });

  test('company pages: offices and hours, leadership and timeline, six roles and five steps, partner tiers 20/25/30 %', async ({
    page,
  }) => {
    await page.goto('/contact');
    await expect(cards(page, 'contact-method')).toHaveCount(4);
    await expect(cards(page, 'office')).toHaveText([
      /Bangalore headquarters/,
      /Mumbai regional office/,
      /Delhi regional office/,
    ]);
    for (const line of ['Monday-Friday: 9:00 AM-6:00 PM IST', 'Saturday: 10:00 AM-4:00 PM IST', 'Sunday: Closed'])
      await expect(page.getByText(line)).toBeVisible();
    await expect(page.getByLabel('Inquiry type').locator('option')).toHaveText([
      'General Inquiry',
      'Request Demo',
      'Sales Question',
      'Technical Support',
      'Partnership',
      'Media Inquiry',
    ]);
    await expect(page.getByLabel('Message *')).toHaveAttribute('rows', '6');

    await page.goto('/about');
    for (const heading of ['Mission', 'Vision', 'Values', 'Leadership team', 'Our journey', 'Impact', 'Awards'])
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    await expect(cards(page, 'timeline-entry').getByRole('heading')).toHaveText(['2022', '2023', '2024', '2025']);
    await expect(page.getByRole('navigation', { name: 'Related pages' }).getByRole('link')).toHaveText([
      'Join us',
      'Partner with us',
    ]);

    await page.goto('/careers');
    await expect(cards(page, 'job')).toHaveCount(6);
    await expect(cards(page, 'interview-step')).toHaveCount(5);
    await page.getByRole('link', { name: 'Apply: Backend Engineer' }).click();
    await expect(page.getByLabel('Subject *')).toHaveValue('Application: Backend Engineer');

    await page.goto('/partners');
    await expect(cards(page, 'partnership-kind')).toHaveCount(4);
    await expect(cards(page, 'partner-tier')).toHaveText([
      /Silver.*20% revenue share.*6 months/,
      /Gold.*25% revenue share.*12 months/,
      /Platinum.*30% revenue share.*24 months/,
    ]);
  });

  test('legal: hero stats, six documents that open their full text, terms, inquiries and the disclaimer', async ({
    page,
  }) => {
    await page.goto('/legal');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Legal Information');
    await expect(page.locator('main dl').first().locator('dd')).toHaveText(['6', '100%', 'Annual']);
    await expect(page.locator('main dl').first().locator('dt')).toHaveText([
      'Legal documents',
      'Regulatory compliance',
      'Policy reviews',
    ]);
    await expect(cards(page, 'legal-document').getByRole('heading')).toHaveText([
      'Terms of Service',
      'Privacy Policy',
      'Data Processing Agreement',
      'Service Level Agreement',
      'Cookie Policy',
      'Acceptable Use Policy',
    ]);
    await expect(cards(page, 'legal-document').first()).toContainText('Last updated: 1 October 2025');
    await expect(cards(page, 'legal-term')).toHaveText([
      /99.9% uptime guarantee/,
      /30 days termination notice/,
      /Liability capped at 12 months of fees/,
      /Laws of India/,
    ]);
    await expect(cards(page, 'legal-inquiry')).toHaveText([
      /2-3 business days/,
      /1-2 business days/,
      /Bengaluru, Karnataka 560103, India/,
    ]);
    await expect(
      page.getByText('If the summary and a full document differ, the full document prevails.'),
    ).toBeVisible();
    await page.getByRole('link', { name: 'View Document: Service Level Agreement' }).click();
    await expect(page).toHaveURL(/\/legal\/sla$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Service Level Agreement');
    await expect(page.getByText(/available 99.9% of each calendar month/)).toBeVisible();
    await page.getByRole('link', { name: 'Back to Legal Information' }).click();
    await expect(page).toHaveURL(/\/legal$/);
    await page.goto('/legal/no-such-document');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
  });

  test('every public page in Hindi, with the shared header and footer', async ({ page }) => {
    test.setTimeout(120_000); // fifteen page loads on a machine shared with other runs
    await inHindi(page, '/partners');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('साझेदार');
    await expect(cards(page, 'partner-tier').first()).toContainText('20% राजस्व हिस्सा');
    const expected: Record<string, string> = {
      features: 'सुविधाएँ',
      'mobile-app': 'मोबाइल ऐप',
      messaging: 'मैसेजिंग',
      security: 'सुरक्षा',
      support: 'सहायता',
      'help-center': 'सहायता केंद्र',
      documentation: 'दस्तावेज़ीकरण',
      training: 'प्रशिक्षण',
      contact: 'संपर्क',
      about: 'हमारे बारे में',
      careers: 'करियर',
      partners: 'साझेदार',
      legal: 'कानूनी जानकारी',
    };
    for (const [slug, title] of Object.entries(expected)) {
      await page.goto(`/${slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.getByRole('banner').getByRole('link', { name: 'साइन इन', exact: true })).toBeVisible();
      expect(await page.getByRole('contentinfo').getByRole('link').count()).toBe(13);
    }
    await page.goto('/legal');
    await expect(cards(page, 'legal-document').first()).toContainText('अंतिम अपडेट: 1 अक्टूबर 2025');
    await page.goto('/training');
    await expect(cards(page, 'webinar').filter({ hasText: 'आगामी' }).getByRole('link')).toHaveText('अभी पंजीकरण करें');
  });
});

test.describe('contact form', () => {
  test('required fields are announced in the chosen language, then the message is sent, confirmed and stored', async ({
    page,
    browser,
  }) => {
    await inHindi(page, '/contact');
    await page.getByRole('button', { name: 'संदेश भेजें' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'नाम आवश्यक है' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'संदेश आवश्यक है' })).toBeVisible();
    await page.getByRole('button', { name: /भाषा/ }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Name is required' })).toBeVisible();
    await page.getByLabel('Email *').fill('not-an-email');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please enter a valid email address' })).toBeVisible();

    const marker = `E2E ${Date.now()} ${Math.random().toString(36).slice(2, 8)}`;
    await page.getByLabel('Name *').fill('Kiran <b>Rao</b>');
    await page.getByLabel('Email *').fill('kiran.rao@example.in');
    await page.getByLabel('Company').fill('Rao Freight');
    await page.getByLabel('Inquiry type').selectOption('demo');
    await page.getByLabel('Subject *').fill(marker);
    await page.getByLabel('Message *').fill('<script>alert(1)</script> We run 12 docks in Nashik.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Message sent' })).toContainText(
      'Thank you, Kiran <b>Rao</b>. We will reply to kiran.rao@example.in soon.',
    );
    await expect(page.getByLabel('Subject *')).toHaveValue('');

    const admin = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    expect(
      (await admin.request.post('/api/auth/login', { data: { identifier: 'admin', password: PASSWORD } })).ok(),
    ).toBe(true);
    const inquiries = await (await admin.request.get('/api/contact/inquiries')).json();
    const stored = inquiries.data.find((i: { subject: string }) => i.subject === marker);
    expect(stored).toMatchObject({
      name: 'Kiran <b>Rao</b>',
      email: 'kiran.rao@example.in',
      company: 'Rao Freight',
      inquiryType: 'demo',
      language: 'en',
      message: '<script>alert(1)</script> We run 12 docks in Nashik.',
    });
    await admin.close();
  });
});

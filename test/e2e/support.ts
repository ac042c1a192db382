import { expect, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';

export const PASSWORD = 'Demo@12345';

/** Signs in through the sign-in form, as a person would: for the journeys about signing in. */
export async function signInWithForm(page: Page, identifier: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email/Username/Mobile Number').fill(identifier);
  await page.getByLabel('Password').fill(password);
  await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
  // The sign-in's answer (a password hash on the server) and the home screen: as slow as a screen opening.
  await expect(page.getByRole('status').filter({ hasText: 'Login Successful' })).toBeVisible({
    timeout: SCREEN_OPENS_MS,
  });
  await expect(page).toHaveURL(/\/$/);
}

/**
 * Signs in with the sign-in form's own call (the browser keeps the session cookies), then opens the
 * home screen in its shell: for the journeys about what comes after signing in (issue #54: the form
 * is the subject of the sign-in journeys, which use signInWithForm).
 */
export async function signIn(page: Page, identifier: string, password = PASSWORD) {
  await signInTo(page, identifier, '/', password);
}

/**
 * Signs in as signIn does and opens `path` in its shell straight away: for a journey that starts on a
 * screen other than home (the home screen's first load and its requests, once a journey, spared: issue #54).
 */
export async function signInTo(page: Page, identifier: string, path: string, password = PASSWORD) {
  const res = await whenNotBusy(() => page.request.post('/api/auth/login', { data: { identifier, password } }));
  expect(res.status(), `sign-in of ${identifier}: ${await res.text()}`).toBe(200);
  await page.goto(path);
  await expect(page.locator('[data-testid="driver-shell"], [data-testid="user-role"]').first()).toBeAttached({
    timeout: SCREEN_OPENS_MS,
  });
}

export async function sidebarItems(page: Page): Promise<string[]> {
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  await expect(sidebar).toBeVisible();
  return sidebar.getByRole('link').allTextContents();
}

/**
 * How long a journey waits for a screen it has just opened: its code is fetched the first time it is
 * shown, then it asks the server, which answers within its 5 s deadline (functions/lib/deadline.ts);
 * on the shared, loaded machine the journeys run on, both together take well past the 5 s default.
 */
export const SCREEN_OPENS_MS = 30_000;

/**
 * A set-up call asked again while the server answers 503 (a request past its deadline on a loaded
 * machine: "try again in a few seconds"), as a client would.
 */
export async function whenNotBusy(call: () => Promise<APIResponse>): Promise<APIResponse> {
  for (let tries = 1; ; tries++) {
    const res = await call();
    if (res.status() !== 503 || tries === 5) return res;
    await new Promise((r) => setTimeout(r, 2000));
  }
}

/** A message in the local outbox (GET /api/dev/outbox). */
export interface SentMessage {
  channel: string;
  to: string;
  subject: string | null;
  body: string;
}

/** The newest messages sent to `to` (an e-mail address or +91 number), newest first: asked by address, so
 * a broadcast from a journey beside this one cannot push them out of the outbox's newest 50. */
export async function sentTo(request: APIRequestContext, to: string): Promise<SentMessage[]> {
  return (await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).json()) as SentMessage[];
}

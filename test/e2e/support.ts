import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'Demo@12345';

/** Signs in through the sign-in form, as a person would. */
export async function signIn(page: Page, identifier: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email/Username/Mobile Number').fill(identifier);
  await page.getByLabel('Password').fill(password);
  await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Login Successful' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

export async function sidebarItems(page: Page): Promise<string[]> {
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  await expect(sidebar).toBeVisible();
  return sidebar.getByRole('link').allTextContents();
}

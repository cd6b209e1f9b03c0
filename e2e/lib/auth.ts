import type { Page } from 'playwright-core';
import { go } from './browser.js';

export const DEMO_PASSWORD = 'Demo!2345';

/** Fills the login form as a person would. */
export async function submitLogin(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await go(page, '/login');
  await page.getByLabel('Email address').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Accepts the terms dialog: scroll its text to the end first, as the spec requires. */
export async function acceptTerms(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Terms and Conditions' });
  await dialog.getByTestId('terms-text').evaluate((el) => {
    el.scrollTop = el.scrollHeight;
    el.dispatchEvent(new Event('scroll'));
  });
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Logs in and accepts the terms when they are shown; waits until the page has left /login. */
export async function login(page: Page, username: string): Promise<void> {
  await submitLogin(page, username);
  const terms = page.getByRole('dialog', { name: 'Terms and Conditions' });
  const left = page.waitForURL((url) => !url.hash.startsWith('#/login'));
  const shown = terms.waitFor({ state: 'visible' }).then(() => 'terms' as const);
  const which = await Promise.race([left.then(() => 'left' as const), shown]);
  if (which === 'terms') {
    await acceptTerms(page);
    await page.waitForURL((url) => !url.hash.startsWith('#/login'));
  }
}

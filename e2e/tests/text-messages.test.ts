import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { acceptTerms } from '../lib/auth.js';
import { assertAccessible, go, newPage, route, useBrowser } from '../lib/browser.js';
import { newestCodeTo } from '../lib/texts.js';

const browser = useBrowser();

describe('sign-up with text notifications', () => {
  it('a parent verifies her number with the texted code and registers', async () => {
    const { context, page } = await newPage(browser);
    try {
      await go(page, '/userregister/9');
      await page.getByLabel('First name').fill('Tess');
      await page.getByLabel('Last name').fill('Texter');
      await page.getByLabel('Email address').fill('tess.texter@example.test');
      await page.getByLabel('Password', { exact: true }).fill('Strong!2345');
      await page.getByLabel('Confirm password').fill('Strong!2345');

      const choice = page.getByRole('checkbox', { name: /Receive text notifications/ });
      await choice.check();
      // Without a number: the spec's message, and the choice is turned off again.
      await page.getByRole('button', { name: 'Send code' }).click();
      await page.getByText('Please fill Contact Number.').first().waitFor();
      assert.equal(await choice.isChecked(), false);

      await page.getByLabel('Contact number').fill('2025550123');
      await choice.check();
      await page.getByRole('button', { name: 'Send code' }).click();
      await page.getByText('Verification code sent successfully.').waitFor();
      assert.equal(await page.getByRole('button', { name: 'Resend code' }).isDisabled(), true);
      await assertAccessible(page, '/userregister/9 (text notifications)');

      // A wrong code is refused with the server's message and nothing is registered.
      const code = await newestCodeTo('+12025550123');
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      await page.getByLabel('Verification code').fill(wrong);
      await page.getByRole('button', { name: 'Register' }).click();
      await page.getByRole('alert').getByText('The verification code is incorrect.').waitFor();
      assert.match(route(page), /^\/userregister\/9/);

      await page.getByLabel('Verification code').fill(code);
      await page.getByRole('button', { name: 'Register' }).click();
      await acceptTerms(page);
      await page.waitForURL((url) => url.hash === '#/notpaid');
    } finally {
      await context.close();
    }
  });
});

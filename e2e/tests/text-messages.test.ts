import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import { acceptTerms } from '../lib/auth.js';
import { assertAccessible, go, newPage, route, useBrowser } from '../lib/browser.js';

const browser = useBrowser();

/**
 * Texts in the browser suite: the server runs like production with SMS_TRANSPORT=outbox (the
 * default), so each text is a file in DATA_DIR/texts beside the mail drop, which only the
 * operator (this test run) reads.
 */
async function newestCodeTo(number: string, timeoutMs = 30_000): Promise<string> {
  const mailDir = process.env.E2E_MAIL_DIR;
  if (!mailDir) throw new Error('E2E_MAIL_DIR is not set: run the scenarios through e2e/run.ts');
  const dir = path.join(path.dirname(mailDir), 'texts');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.txt'));
    // Names start with the time written, so the newest sorts last.
    for (const name of names.sort().reverse()) {
      const text = await readFile(path.join(dir, name), 'utf8');
      const code = text.includes(`To: ${number}\n`) ? text.match(/\b(\d{6})\b/)?.[1] : undefined;
      if (code) return code;
    }
    if (Date.now() > deadline) throw new Error(`no text to ${number} in ${dir} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

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

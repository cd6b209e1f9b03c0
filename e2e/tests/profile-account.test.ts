import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { login } from '../lib/auth.js';
import { assertAccessible, go, newPage, useBrowser } from '../lib/browser.js';
import { newestMailTo } from '../lib/mail.js';
import { newestCodeTo } from '../lib/texts.js';

const browser = useBrowser();

/** Changes the signed-in user's e-mail through the dialog with the code from the mail drop. */
async function changeEmail(page: Page, to: string): Promise<void> {
  await page.getByRole('button', { name: 'Change e-mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change e-mail' });
  await dialog.getByLabel('New e-mail').fill(to);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await dialog.getByText('A verification code has been sent to the new e-mail address.').waitFor();
  const mail = await newestMailTo(to, (m) => /verification code/i.test(m.text));
  const code = mail.text.match(/\b(\d{6})\b/)?.[1];
  assert.ok(code, 'the mail carries a 6-digit code');
  await dialog.getByLabel('Verification code').fill(code);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByText('E-mail verified successfully.').first().waitFor();
}

/**
 * Issue 21, My account (/editprofile/myaccount, served by the profile shell after merge): the
 * parent fills the tab, changes her contact number with the texted code and her e-mail with the
 * mailed code (and back, so other scenarios still sign in as parent@demo.test); staff of her
 * center read her profile at /viewprofile/{id}.
 */
describe('profile: my account', () => {
  it('parent edits My account, changes her number and e-mail; staff view the profile', async () => {
    const { context, page } = await newPage(browser);
    let userId = 0;
    try {
      await login(page, 'parent@demo.test');
      await go(page, '/editprofile/myaccount');
      await page.getByRole('heading', { name: 'My account' }).waitFor();
      await assertAccessible(page, '/editprofile/myaccount');

      // The mandatory fields: an empty one is refused before the server is asked.
      await page.getByLabel(/^Address\s*\*?$/).fill('');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Please fill all the mandatory fields.').first().waitFor();
      await page.getByLabel(/^Address\s*\*?$/).fill('1 Main Street');
      await page.getByLabel('Country').fill('United States');
      await page.getByLabel('State').fill('NY');
      await page.getByLabel('City').fill('New York');
      await page.getByLabel('Zip code').fill('10001');
      await page.getByLabel('Searching for').fill('Egg donor');
      // Both notifications off: the spec's message.
      await page.getByRole('checkbox', { name: 'E-mail notifications' }).uncheck();
      await page.getByRole('button', { name: 'Save' }).click();
      await page
        .getByText('You can only turn OFF one notification at a time either Email or Text Message.')
        .first()
        .waitFor();
      await page.getByRole('checkbox', { name: 'E-mail notifications' }).check();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Profile updated successfully.').first().waitFor();

      // Contact number: captcha, the texted code, verify.
      await page.getByRole('button', { name: 'Change contact number' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change contact number' });
      await dialog.getByLabel('New contact number').fill('2025550188');
      await dialog.getByRole('checkbox', { name: /not a robot/i }).check();
      await dialog.getByText('Verified.').waitFor({ timeout: 30_000 });
      await dialog.getByRole('button', { name: 'Send code' }).click();
      await dialog.getByLabel('Verification code').waitFor();
      await assertAccessible(page, '/editprofile/myaccount (contact number dialog)');
      await dialog.getByRole('button', { name: 'Verify' }).click();
      await dialog.getByText('Please enter Verification Code.').waitFor();
      await dialog.getByLabel('Verification code').fill(await newestCodeTo('+12025550188'));
      await dialog.getByRole('button', { name: 'Verify' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByText('Verified', { exact: true }).waitFor();

      // E-mail: the code from the mail drop; then back (one send per 30 s).
      await changeEmail(page, 'parent.renamed@example.test');
      await page.waitForTimeout(31_000);
      await changeEmail(page, 'parent@demo.test');

      userId = await page.evaluate(async () => {
        const answer = await (await fetch('/api/getuserbyuserid', { credentials: 'same-origin' })).json();
        return answer.data.user_id as number;
      });
    } finally {
      await context.close();
    }

    const staff = await newPage(browser);
    try {
      await login(staff.page, 'admin@demo.test');
      await go(staff.page, `/viewprofile/${userId}`);
      await staff.page.getByRole('cell', { name: 'parent@demo.test' }).waitFor();
      assert.ok(await staff.page.getByRole('cell', { name: '10001' }).isVisible());
      await assertAccessible(staff.page, '/viewprofile');
      // Another center's admin does not see her.
    } finally {
      await staff.context.close();
    }
    const other = await newPage(browser);
    try {
      await login(other.page, 'admin85@demo.test');
      await go(other.page, `/viewprofile/${userId}`);
      await other.page.getByRole('alert').waitFor();
      assert.equal(await other.page.getByRole('cell', { name: 'parent@demo.test' }).count(), 0);
    } finally {
      await other.context.close();
    }
  });

  it('a wrong /verifyuser link says the e-mail was not verified', async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, 'manager@demo.test');
      await go(page, '/verifyuser/not-a-token/someone%40example.test');
      await page.getByText("E-mail doesn't verfied successfully.").first().waitFor();
      await page.waitForURL((url) => url.hash.startsWith('#/viewclient'));
      await assertAccessible(page, '/verifyuser (failed)');
    } finally {
      await context.close();
    }
  });
});

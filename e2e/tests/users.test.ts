import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { acceptTerms, login } from '../lib/auth.js';
import { assertAccessible, go, newPage, route, sameOrigin, useBrowser } from '../lib/browser.js';
import { newestMailTo } from '../lib/mail.js';

const browser = useBrowser();

/** The sign-up link of the newest invitation to `to`, read from the server's mail drop. */
async function signupLink(to: string): Promise<string> {
  const mail = await newestMailTo(to, (m) => m.html.includes('/signup/'));
  const match = mail.html.match(/#(\/signup\/[A-Za-z0-9_-]+)/);
  assert.ok(match, 'the invitation carries a sign-up link');
  return match[1]!;
}

/** Chooses a status in a grid row and waits until the server has answered. */
async function setStatus(
  page: Page,
  name: string,
  status: string,
): Promise<{ status: number; message: string }> {
  const answered = page.waitForResponse((r) => r.url().includes('/api/updateuserstatus'));
  await page.getByRole('combobox', { name: `Status: ${name}` }).selectOption(status);
  const res = await answered;
  return { status: res.status(), message: ((await res.json()) as { message: string }).message };
}

/** Waits until a grid row's status select shows `value`. */
async function statusShows(page: Page, name: string, value: string): Promise<void> {
  await page.waitForFunction(
    ([label, v]) =>
      (document.querySelector(`[aria-label="${label}"]`) as HTMLSelectElement | null)?.value === v,
    [`Status: ${name}`, value] as const,
  );
}

describe('users administration as the agency admin', () => {
  it('invites a case manager who signs up, assigns a client, changes statuses and exports a CSV', async () => {
    const admin = await newPage(browser);
    const { page } = admin;
    try {
      await login(page, 'admin@demo.test');

      // An intended parent without a case manager (set up through the API: invite and sign-up).
      const invited = await page.request.post('/api/inviteuser', {
        headers: sameOrigin(),
        data: { username: 'iris.e2e@demo.test', userType: 9, firstname: 'Iris', lastname: 'Nomanager' },
      });
      assert.equal(invited.status(), 200, await invited.text());
      const irisLink = await signupLink('iris.e2e@demo.test');
      const signedUp = await page.request.post('/api/signuptokenauth', {
        headers: sameOrigin(),
        data: {
          token: irisLink.split('/').pop(),
          firstname: 'Iris',
          lastname: 'Nomanager',
          contactno: '2125550123',
          password: 'Iris!Pass123',
          password_c: 'Iris!Pass123',
        },
      });
      assert.equal(signedUp.status(), 200, await signedUp.text());

      // Invite a case manager from /addclient.
      await go(page, '/addclient/6');
      await page.getByRole('heading', { level: 1, name: 'Invite user' }).waitFor();
      await assertAccessible(page, '/addclient');
      await page.getByRole('textbox', { name: 'Email' }).fill('erin.e2e@demo.test');
      await page.getByRole('textbox', { name: 'First name' }).fill('Erin');
      await page.getByRole('textbox', { name: 'Last name' }).fill('Casemanager');
      await page.getByRole('button', { name: 'Invite' }).click();
      await page.getByRole('heading', { level: 1, name: 'Case managers' }).waitFor();
      assert.equal(route(page), '/viewcm');
      await page.getByRole('searchbox', { name: 'Search users' }).fill('Casemanager');
      await page.getByRole('cell', { name: 'erin.e2e@demo.test' }).waitFor();
      assert.equal(
        await page.getByRole('combobox', { name: 'Status: Erin Casemanager' }).inputValue(),
        'Invited',
      );

      // The case manager signs up from the e-mailed link and logs in.
      const link = await signupLink('erin.e2e@demo.test');
      const cm = await newPage(browser);
      try {
        await go(cm.page, link);
        await cm.page.getByLabel('Contact number').fill('2125550188');
        await cm.page.getByLabel('Password', { exact: true }).fill('Erin!Pass123');
        await cm.page.getByLabel('Confirm password').fill('Erin!Pass123');
        await cm.page.getByRole('button', { name: 'Sign up' }).click();
        await cm.page.waitForURL((url) => url.hash.startsWith('#/login'));
        await cm.page.getByText('Password updated successfully, please login.').waitFor();
        assert.equal(await cm.page.getByLabel('Email address').inputValue(), 'erin.e2e@demo.test');
        await cm.page.getByLabel('Password', { exact: true }).fill('Erin!Pass123');
        await cm.page.getByRole('button', { name: 'Login' }).click();
        // Staff accept the terms on their first login, then land on their home page.
        await acceptTerms(cm.page);
        await cm.page.waitForURL((url) => !url.hash.startsWith('#/login'));
      } finally {
        await cm.context.close();
      }

      // The intended parent: archive, then Active is refused without a case manager and the row reverts.
      await go(page, '/viewip');
      await page.getByRole('heading', { level: 1, name: 'Intended parents' }).waitFor();
      await page.getByRole('searchbox', { name: 'Search users' }).fill('Nomanager');
      const irisStatus = page.getByRole('combobox', { name: 'Status: Iris Nomanager' });
      await irisStatus.waitFor();
      assert.equal(await irisStatus.inputValue(), 'Active');
      assert.deepEqual(await setStatus(page, 'Iris Nomanager', 'Archived'), {
        status: 200,
        message: 'Status updated successfully.',
      });
      await page.getByText('Status updated successfully.').first().waitFor();
      await statusShows(page, 'Iris Nomanager', 'Archived');
      const refused = await setStatus(page, 'Iris Nomanager', 'Active');
      assert.equal(refused.status, 400);
      await page.getByText('Please assign a case manager to the Intended Parent first.').first().waitFor();
      await statusShows(page, 'Iris Nomanager', 'Archived');
      await assertAccessible(page, '/viewip');

      // Assign her to the new case manager.
      await go(page, '/assignclient');
      await page.getByRole('heading', { level: 1, name: 'Assign clients' }).waitFor();
      await page.getByRole('combobox', { name: 'Case manager' }).click();
      await page.getByRole('option', { name: 'Erin Casemanager (Case Manager)' }).click();
      await page.getByRole('searchbox', { name: 'Search by name or email' }).fill('Nomanager');
      await page.getByRole('checkbox', { name: 'Select Iris Nomanager' }).check();
      await assertAccessible(page, '/assignclient');
      await page.getByRole('button', { name: 'Assign selected' }).click();
      await page.getByText('Client(s) assigned successfully.').first().waitFor();

      // Now she can be made Active; the grid shows her case manager.
      await go(page, '/viewip');
      await page.getByRole('searchbox', { name: 'Search users' }).fill('Nomanager');
      await page.getByRole('cell', { name: 'Erin Casemanager' }).waitFor();
      assert.deepEqual(await setStatus(page, 'Iris Nomanager', 'Active'), {
        status: 200,
        message: 'Status updated successfully.',
      });
      await statusShows(page, 'Iris Nomanager', 'Active');

      // Export every intended parent of the center and open the file.
      await page.getByRole('searchbox', { name: 'Search users' }).fill('');
      await page.getByRole('cell', { name: 'parent@demo.test' }).waitFor();
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const file = await download;
      assert.equal(file.suggestedFilename(), 'intended-parents.csv');
      const csv = await readFile((await file.path())!, 'utf8');
      const lines = csv.trim().split('\r\n');
      assert.match(lines[0]!, /^User Id,First Name,/);
      const iris = lines.find((l) => l.includes('iris.e2e@demo.test'));
      assert.ok(iris, 'the exported file has the parent');
      assert.match(iris, /,Intended Parent,Active,Erin Casemanager,Main Agency,/);
      assert.ok(!csv.includes('parent85@demo.test'), "another center's parent is not exported");
    } finally {
      await admin.context.close();
    }
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { login } from '../lib/auth.js';
import { assertAccessible, go, newPage, useBrowser } from '../lib/browser.js';

const browser = useBrowser();

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('donor reminder schedule (/scheduledonoremail)', () => {
  it('an agency admin sets up a reminder schedule, sees it kept, and turns it off', async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, 'admin@demo.test');
      // The menu leads there, beside the other e-mail settings.
      await page.getByRole('link', { name: 'Donor e-mail reminders' }).first().click();
      await page.getByRole('heading', { level: 1, name: 'Donor e-mail reminders' }).waitFor();
      const save = page.getByRole('button', { name: 'Save' });
      await save.waitFor();

      // Every field is mandatory.
      await save.click();
      await page.getByText('Please fill all mandatory fields.').first().waitFor();
      await assertAccessible(page);

      await choose(page, 'First e-mail after', '3 days');
      await choose(page, 'Then every', '2 days');
      await choose(page, 'Total reminders', '4');
      await choose(page, 'First e-mail template', 'Donor Form Reminder (first)');
      await choose(page, 'Recurring e-mail template', 'Donor Form Reminder (recurring)');
      await page.getByRole('textbox', { name: 'Subject' }).fill('Finish your application, {recipient}');
      await save.click();
      await page.getByText('E-mail schedule saved.').first().waitFor();

      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Donor e-mail reminders' }).waitFor();
      const subject = page.getByRole('textbox', { name: 'Subject' });
      await subject.waitFor();
      assert.equal(await subject.inputValue(), 'Finish your application, {recipient}');
      assert.equal(await page.getByRole('combobox', { name: 'Total reminders' }).inputValue(), '4');
      assert.equal(await page.getByRole('combobox', { name: 'First e-mail after' }).inputValue(), '3 days');

      // A saved schedule is switched off and on at once.
      const toggle = page.getByRole('switch', { name: /Send reminder e-mails/ });
      assert.equal(await toggle.isChecked(), false);
      await toggle.click({ force: true });
      await page.getByText('Reminder e-mails are on.').first().waitFor();
      await toggle.click({ force: true });
      await page.getByText('Reminder e-mails are off.').first().waitFor();
      await assertAccessible(page);

      // The scheduler is one of the jobs the cron page lists.
      await go(page, '/cronjob');
      await page.getByText('Donor reminders').first().waitFor();
    } finally {
      await context.close();
    }
  });
});

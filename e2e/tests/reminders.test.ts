import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { login } from '../lib/auth.js';
import { assertAccessible, go, newPage, sameOrigin, useBrowser } from '../lib/browser.js';
import { newestMailTo } from '../lib/mail.js';
import { startServer } from '../lib/server.js';

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

describe('donor reminders as the clock moves (a development server: production has no clock control)', () => {
  it('the outbox shows the first reminder after the days the schedule says, once, then the next', async () => {
    // The suite's server runs as production: the development clock control is not there at all.
    const prod = await newPage(browser);
    try {
      await login(prod.page, 'admin@demo.test');
      const refused = await prod.page.request.post('/api/devreminderpass', {
        data: { days: 30 },
        headers: sameOrigin(),
      });
      assert.equal(refused.status(), 404);
    } finally {
      await prod.context.close();
    }

    // A development build's process on a fresh database of its own.
    const dev = await startServer({ NODE_ENV: 'development', SEED_DONORS: '40' }, { anyPort: true });
    const context = await browser.current.newContext({
      baseURL: dev.baseUrl,
      viewport: { width: 1280, height: 900 },
    });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await login(page, 'admin@demo.test');
      // The schedule's screen is the first scenario's; here it is set through its call.
      const origin = { origin: new URL(dev.baseUrl).origin };
      const saved = await page.request.post('/api/saveemailscheduler', {
        headers: origin,
        data: {
          emailSchedule: {
            durationFirst: '3',
            durationRecurring: '2',
            totalReminders: '2',
            emailFlag: true,
            selectedFirstEmail: '22',
            selectedRecurringEmail: '23',
            subject: 'Finish your application, {recipient}',
          },
        },
      });
      assert.equal(saved.status(), 200, await saved.text());

      const pass = async (days: number) => {
        const res = await page.request.post('/api/devreminderpass', { data: { days }, headers: origin });
        assert.equal(res.status(), 200);
        return ((await res.json()) as { data: { sent: number } }).data.sent;
      };
      // Two days on nothing is due; three days on newdonor@demo.test (nothing filled yet) is reminded.
      assert.equal(await pass(2), 0);
      assert.ok((await pass(3)) >= 1);
      const first = await newestMailTo(
        'newdonor@demo.test',
        (m) => /Finish your application/.test(m.subject),
        30_000,
        dev.mailDir,
      );
      assert.match(first.subject, /Finish your application/);
      // The same moment again sends nothing twice; two days later the recurring reminder goes.
      assert.equal(await pass(3), 0);
      assert.ok((await pass(5)) >= 1);
      const second = await newestMailTo(
        'newdonor@demo.test',
        (m) => /Finish your application/.test(m.subject) && m.file !== first.file,
        30_000,
        dev.mailDir,
      );
      assert.notEqual(second.file, first.file);
    } finally {
      await context.close();
      await dev.stop();
    }
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { login } from '../lib/auth.js';
import { assertAccessible, go, newPage, useBrowser } from '../lib/browser.js';

const browser = useBrowser();

async function chooseType(page: Page, title: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Email type' }).click();
  await page.getByRole('option', { name: title }).click();
  await page.getByLabel('Subject').waitFor();
}

describe('e-mail templates as an agency admin', () => {
  it('adds, reloads, rejects a bad signature, and deletes a template', async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, 'admin46@demo.test');
      await go(page, '/emailtemplate');
      await chooseType(page, 'Invite Donor');
      const subject = 'Welcome to our donor program, {recipient}';
      await page.getByLabel('Subject').fill(subject);
      await page.getByRole('button', { name: 'Add' }).click();
      await page.getByRole('button', { name: 'Update' }).waitFor();

      await page.reload();
      await chooseType(page, 'Invite Donor');
      assert.equal(await page.getByLabel('Subject').inputValue(), subject);

      await page.getByLabel('Signature').fill('Regards, {organization} and {organization}');
      await page.getByRole('button', { name: 'Update' }).click();
      await page
        .getByText(
          'The signature must include the {organization} placeholder exactly once and no other placeholder.',
        )
        .first()
        .waitFor();

      await page.getByRole('button', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog');
      await confirm.getByText('Are you sure you want to delete the email template?').waitFor();
      await confirm.getByRole('button', { name: /delete|yes|confirm/i }).click();
      await page.getByRole('button', { name: 'Add' }).waitFor();
      assert.notEqual(await page.getByLabel('Subject').inputValue(), subject);
    } finally {
      await context.close();
    }
  });

  it('saves an SMTP connection and reports a failed test clearly', async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, 'admin36@demo.test');
      await go(page, '/testconnection');
      await page.getByLabel('Host').fill('127.0.0.1');
      await page.getByRole('textbox', { name: 'Port', exact: true }).fill('9');
      await page.getByLabel('From e-mail').fill('agency36@example.test');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText(/saved/i).first().waitFor();
      await page.getByRole('button', { name: 'Test connection' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: /refused|could not|failed/i })
        .first()
        .waitFor();
      await assertAccessible(page);
    } finally {
      await context.close();
    }
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { describeViolations, go, launchBrowser, newPage, seriousAxeViolations } from '../lib/browser.js';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

describe('health check', () => {
  it('has its own login and shows the database, disk space and job runner states', async () => {
    const { context, page } = await newPage(browser);
    try {
      await go(page, '/healthcheck');
      await page.getByRole('heading', { level: 1, name: 'Health check' }).waitFor();
      // A user account does not open it.
      await page.getByLabel('Username').fill('master@demo.test');
      await page.getByLabel('Password', { exact: true }).fill('Demo!2345');
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('alert').getByText('Invalid username or password').waitFor();
      let violations = await seriousAxeViolations(page);
      assert.equal(violations.length, 0, describeViolations(violations));

      await page.getByLabel('Username').fill('health');
      await page.getByLabel('Password', { exact: true }).fill('Health!2345');
      await page.getByRole('button', { name: 'Log in' }).click();
      const table = page.getByRole('table', { name: 'Server health' });
      await table.getByRole('row', { name: /^Database Connected/ }).waitFor();
      await table.getByRole('row', { name: /^Disk space Calculated .* GB free of/ }).waitFor();
      // The server's mail job beats at its first pass, a moment after start.
      for (let i = 0; i < 10; i++) {
        if ((await table.getByRole('row', { name: /^Job runner Running/ }).count()) > 0) break;
        await page.getByRole('button', { name: 'Check again' }).click();
        await page.waitForTimeout(500);
      }
      await table.getByRole('row', { name: /^Job runner Running.*mail-delivery/ }).waitFor();
      violations = await seriousAxeViolations(page);
      assert.equal(violations.length, 0, describeViolations(violations));
    } finally {
      await context.close();
    }
  });
});

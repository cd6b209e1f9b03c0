import { describe, it } from 'node:test';
import { assertAccessible, go, newPage, useBrowser } from '../lib/browser.js';

const browser = useBrowser();

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
      await assertAccessible(page);

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
      await assertAccessible(page);
    } finally {
      await context.close();
    }
  });
});

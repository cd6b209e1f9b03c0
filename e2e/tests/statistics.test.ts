import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { login } from '../lib/auth.js';
import { assertAccessible, go, newPage, route, useBrowser } from '../lib/browser.js';

const browser = useBrowser();

/** Opens a chart's numbers and returns its table. */
async function tableOf(page: Page, title: string) {
  const section = page.getByRole('region', { name: title });
  await section.getByText(`Numbers of ${title.toLowerCase()}`).click();
  const table = section.getByRole('table', { name: title });
  await table.waitFor();
  return table;
}

describe('statistics', () => {
  it('shows the admin dashboard: charts with their tables, case managers, chart rows open the grids', async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, 'admin@demo.test');
      await go(page, '/statistics');
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      for (const title of ['Donor availability', 'Users per month', 'Portfolios per month']) {
        await page.getByRole('region', { name: title }).locator('.recharts-surface').first().waitFor();
      }
      const users = await tableOf(page, 'Users per month');
      assert.equal(await users.getByRole('columnheader').count(), 13);
      const managers = users
        .getByRole('row')
        .filter({ has: page.getByRole('link', { name: 'Case manager' }) });
      assert.ok(Number(await managers.getByRole('cell').last().textContent()) >= 1);
      const availability = await tableOf(page, 'Donor availability');
      assert.ok((await availability.getByRole('rowheader').count()) > 0);
      await tableOf(page, 'Portfolios per month');
      await page
        .getByRole('table', { name: 'Case managers' })
        .getByRole('cell', { name: 'manager@demo.test', exact: true })
        .waitFor();
      await assertAccessible(page, '/statistics (admin)');

      await users.getByRole('link', { name: 'Case manager' }).click();
      await page.waitForFunction(() => location.hash.startsWith('#/viewcm'));
      assert.equal(route(page), '/viewcm');
    } finally {
      await context.close();
    }
  });

  it('shows the master statistics across centers', async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, 'master@demo.test');
      await go(page, '/statistics');
      await page.getByRole('heading', { level: 1, name: 'Statistics' }).waitFor();
      const perAgency = await tableOf(page, 'Intended parent users per agency');
      await perAgency.getByRole('rowheader', { name: 'Main Agency' }).waitFor();
      await page
        .getByRole('region', { name: 'Donor availability' })
        .locator('.recharts-surface')
        .first()
        .waitFor();
      await assertAccessible(page, '/statistics (master)');
    } finally {
      await context.close();
    }
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { login } from '../lib/auth.js';
import { assertAccessible, go, newPage, useBrowser } from '../lib/browser.js';

const browser = useBrowser();

/** The first donor of center 1 with a display id, read (and so audited) by the signed-in user. */
async function readCenter1Donor(page: Page): Promise<{ id: number; shownId: string }> {
  for (let id = 1; id < 400; id++) {
    const res = await page.request.get(`/api/getdonordetails/${id}`);
    if (res.status() !== 200) continue;
    const { data } = (await res.json()) as {
      data: { centerId: number; displayId: string | null; agencyDisplayId: string | null };
    };
    // The one id a donor is shown by: the agency's id when set, else the system display id.
    const shownId = data.agencyDisplayId ?? data.displayId;
    if (data.centerId === 1 && shownId) return { id, shownId };
  }
  throw new Error('No center-1 donor visible');
}

describe('donor audit log', () => {
  it("an admin finds the case manager's read of a donor, by donor, with the caller's address", async () => {
    const manager = await newPage(browser);
    let donor: { id: number; shownId: string };
    try {
      await login(manager.page, 'manager@demo.test');
      donor = await readCenter1Donor(manager.page);
    } finally {
      await manager.context.close();
    }

    const { context, page } = await newPage(browser);
    try {
      await login(page, 'admin@demo.test');
      await page.getByRole('link', { name: 'Donor audit log' }).first().click();
      await page.getByRole('heading', { level: 1, name: 'Donor audit log' }).waitFor();
      await page.getByRole('textbox', { name: 'Donor ID' }).fill(donor.shownId);
      await page.getByRole('button', { name: 'Filter' }).click();
      const table = page.getByRole('table');
      const row = table.getByRole('row').filter({ hasText: '(Case Manager)' }).filter({ hasText: 'Read' });
      await row.first().waitFor();
      const text = (await row.first().textContent()) ?? '';
      assert.match(text, new RegExp(donor.shownId));
      assert.match(text, /127\.0\.0\.1/);
      // Every row is this donor's.
      for (const cells of await table.getByRole('row').all()) {
        const line = (await cells.textContent()) ?? '';
        if (line.startsWith('Time')) continue;
        assert.match(line, new RegExp(donor.shownId));
      }
      await assertAccessible(page);

      // The donor's page links to the same list.
      await go(page, `/donordetails/${donor.id}`);
      await page.getByRole('heading', { level: 1 }).filter({ hasNotText: 'Donor audit log' }).waitFor();
      // exact: the menu's "Donor audit log" would match too.
      await page.getByRole('link', { name: 'Audit log', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Donor audit log' }).waitFor();
      assert.equal(await page.getByRole('textbox', { name: 'Donor ID' }).inputValue(), donor.shownId);
      await table.getByRole('row').filter({ hasText: '(Agency Admin)' }).first().waitFor();
    } finally {
      await context.close();
    }
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { login } from '../lib/auth.js';
import { assertAccessible, go, newPage, sameOrigin, useBrowser } from '../lib/browser.js';

const browser = useBrowser();

// Carrier screening. Both donors come from the parent's first search page, so the
// filter's effect shows on the cards she sees.
const PARENT = 'parent@demo.test';
const MANAGER = 'manager@demo.test';

async function firstDonors(page: Page): Promise<number[]> {
  const res = await page.request.post('/api/getdonorlist', { headers: sameOrigin(), data: {} });
  assert.equal(res.status(), 200, await res.text());
  const { data } = (await res.json()) as { data: { rows: { id: number }[] } };
  return data.rows.slice(0, 2).map((r) => r.id);
}

async function fillPanel(page: Page, form: string, tested: string, carried: string) {
  const f = page.getByRole('form', { name: form });
  await f.waitFor().catch(async (error: unknown) => {
    console.log((await page.locator('main').innerHTML()).slice(0, 4000));
    throw error;
  });
  await f.getByRole('textbox', { name: /^Lab/ }).fill('Genelab');
  await f.getByRole('textbox', { name: /^Panel name/ }).fill('Expanded 300');
  await f.getByLabel(/^Test date/).fill('2025-03-01');
  await f.getByRole('textbox', { name: /^Genes tested/ }).fill(tested);
  await f.getByRole('textbox', { name: /^Genes carried/ }).fill(carried);
  await f.getByRole('button', { name: 'Save results' }).click();
}

describe('carrier screening compatibility', () => {
  it('staff enter a donor panel, the parent enters hers, sees the shared gene on the details page and filters the search', async () => {
    const staff = await newPage(browser);
    const parent = await newPage(browser);
    try {
      await login(parent.page, PARENT);
      const [risky, clear] = await firstDonors(parent.page);
      assert.ok(risky && clear);

      // The case manager enters the first donor's results on the details page.
      await login(staff.page, MANAGER);
      await go(staff.page, `/donordetails/${risky}`);
      const section = staff.page.getByRole('region', { name: 'Carrier screening' });
      await section.getByRole('button', { name: 'Enter results' }).click();
      await fillPanel(staff.page, "Donor's carrier screening", 'CFTR, HBB, SMN1', 'CFTR c.1521_1523delCTT');
      await staff.page.getByText('The carrier screening results are saved.').first().waitFor();
      await section.getByText('CFTR (c.1521_1523delCTT)').waitFor();
      await assertAccessible(staff.page);
      // The second donor's come from a lab's CSV export (through the same route the import form uses).
      const imported = await staff.page.request.post(`/api/donorcarrierpanel/${clear}/import`, {
        headers: sameOrigin(),
        data: {
          lab: 'Genelab',
          panelName: 'CSV',
          testDate: '2025-01-05',
          csv: 'gene,carrier\nCFTR,no\nHBB,no\n',
        },
      });
      assert.equal(imported.status(), 200, await imported.text());

      // The parent enters her own results from the menu's page.
      await go(parent.page, '/carrierscreening');
      await parent.page.getByRole('heading', { level: 1, name: 'My carrier screening' }).waitFor();
      const mine = parent.page.getByRole('region', { name: 'My results' });
      await mine.getByRole('button', { name: 'Enter my results' }).click();
      await fillPanel(parent.page, 'My results', 'CFTR HBB', 'CFTR');
      await parent.page.getByText('The carrier screening results are saved.').first().waitFor();
      await mine.getByText('Carrier of').waitFor();
      await assertAccessible(parent.page);

      // The details page names the shared gene; the donor's variant stays with her agency.
      await go(parent.page, `/donordetails/${risky}`);
      const details = parent.page.getByRole('region', { name: 'Carrier screening' });
      await details.getByText('Shared carrier genes: CFTR').waitFor();
      assert.equal(await details.getByText('c.1521_1523delCTT').count(), 0);
      await assertAccessible(parent.page);

      // The search: the cards show the comparison; the filter keeps the clear donor only.
      await go(parent.page, '/search');
      const riskyCard = parent.page
        .locator('article')
        .filter({ has: parent.page.locator(`a[href="#/donordetails/${risky}"]`) });
      await riskyCard.getByText('Shared carrier genes: CFTR').waitFor();
      await parent.page.getByRole('checkbox', { name: 'No shared carrier genes with my results' }).check();
      const [response] = await Promise.all([
        parent.page.waitForResponse(
          (r) =>
            r.url().includes('/api/getdonorlist') && r.request().postDataJSON()?.noSharedCarrier === true,
        ),
        parent.page.getByRole('button', { name: 'Search', exact: true }).click(),
      ]);
      const ids = ((await response.json()) as { data: { rows: { id: number }[] } }).data.rows.map(
        (r) => r.id,
      );
      assert.deepEqual(ids, [clear]);
      await parent.page.getByText('No shared carrier genes among 2 tested by both').first().waitFor();
      await assertAccessible(parent.page);
    } finally {
      await staff.context.close();
      await parent.context.close();
    }
  });
});

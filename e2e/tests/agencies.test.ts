import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { login } from '../lib/auth.js';
import { assertAccessible, go, newPage, route, sameOrigin, useBrowser } from '../lib/browser.js';

const browser = useBrowser();

describe('agency administration as the master admin', () => {
  it('adds an agency, toggles its visibility, edits allowed organizations and adds a zip code', async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, 'master@demo.test');

      // Add an agency; a registered name is flagged on the field.
      await go(page, '/addagency');
      await page.getByRole('heading', { level: 1, name: 'Add agency' }).waitFor();
      await assertAccessible(page, '/addagency');
      await page.getByRole('textbox', { name: 'Name' }).fill('Hatch Fertility');
      await page.getByRole('textbox', { name: 'Email' }).fill('hello@lakeside.test');
      await page.getByRole('textbox', { name: 'Contact number' }).fill('2125550100');
      await page.getByRole('textbox', { name: 'Agency URL' }).fill('https://lakeside.test');
      await page.getByRole('textbox', { name: 'Zip code' }).fill('10001');
      await page.getByRole('button', { name: 'Add' }).click();
      await page.getByText('Organization is already registered').waitFor();
      await page.getByRole('textbox', { name: 'Name' }).fill('Lakeside Fertility');
      await page.getByRole('button', { name: 'Add' }).click();
      await page.getByRole('heading', { level: 1, name: 'Agencies' }).waitFor();
      assert.equal(route(page), '/agencylist');

      // Find it in the list and hide it.
      await page.getByRole('searchbox', { name: 'Search agencies' }).fill('Lakeside');
      // The filtered list replaces the rows when it arrives: a click before that can land on a
      // row that is being replaced and be lost.
      await page.getByText('1 found').waitFor();
      const toggle = page.getByRole('switch', { name: 'Visible: Lakeside Fertility' });
      await toggle.waitFor();
      assert.equal(await toggle.isChecked(), true);
      await assertAccessible(page, '/agencylist');
      await toggle.click({ force: true });
      await page.getByText('Agency visibility updated.').first().waitFor();
      await page.waitForFunction(
        () =>
          (document.querySelector('[aria-label="Visible: Lakeside Fertility"]') as HTMLInputElement | null)
            ?.checked === false,
      );
      const stored = await page.request.post('/api/getcentersdetails/0', {
        headers: sameOrigin(),
        data: { search: 'Lakeside' },
      });
      const { data } = (await stored.json()) as { data: { rows: { name: string; status: number }[] } };
      assert.deepEqual(
        data.rows.map((r) => [r.name, r.status]),
        [['Lakeside Fertility', 0]],
      );

      // Allowed organizations: tick one, try to leave, save from the prompt.
      await go(page, '/allowedorganization');
      await page.getByRole('heading', { level: 1, name: 'Allowed organizations' }).waitFor();
      await page.getByRole('combobox', { name: 'Agency' }).click();
      await page.getByRole('option', { name: 'Hatch Fertility' }).click();
      const gwk = page.getByRole('checkbox', { name: 'GWK Egg Bank' });
      await gwk.waitFor();
      assert.equal(await gwk.isChecked(), false);
      await gwk.check();
      await assertAccessible(page, '/allowedorganization');
      await page.getByRole('link', { name: 'Zip codes' }).click();
      const prompt = page.getByRole('dialog', { name: 'Unsaved changes' });
      await prompt.waitFor();
      assert.equal(route(page), '/allowedorganization');
      await prompt.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('heading', { level: 1, name: 'Zip codes' }).waitFor();
      const allowed = await page.request.get('/api/getallowedorganization/85');
      const list = (
        (await allowed.json()) as { data: { centerId: number; name: string; allowed: boolean }[] }
      ).data;
      assert.equal(list.find((c) => c.name === 'GWK Egg Bank')?.allowed, true);

      // Zip codes: a bad latitude is refused, then the zip is added and found.
      await page.getByRole('button', { name: 'Add zip code' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add zip code' });
      await dialog.waitFor();
      await dialog.getByRole('textbox', { name: 'Zip code' }).fill('00013');
      await dialog.getByRole('textbox', { name: 'Latitude' }).fill('95');
      await dialog.getByRole('textbox', { name: 'Longitude' }).fill('-73.5');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText('Latitude must be between -90 and 90.').waitFor();
      await dialog.getByRole('textbox', { name: 'Latitude' }).fill('40.5');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('searchbox', { name: 'Search zip codes' }).fill('00013');
      await page.getByRole('cell', { name: '00013', exact: true }).waitFor();
      await assertAccessible(page, '/addzipcodes');

      // Put center 85's allowed organizations back for the scenarios that follow.
      const restore = await page.request.post('/api/updateallowedorganization', {
        headers: sameOrigin(),
        data: {
          center_id: 85,
          center_details: list.filter((c) => c.allowed && c.name !== 'GWK Egg Bank').map((c) => c.centerId),
        },
      });
      assert.equal(restore.status(), 200, await restore.text());
    } finally {
      await context.close();
    }
  });
});

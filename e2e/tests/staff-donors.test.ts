import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { login } from '../lib/auth.js';
import { assertAccessible, go, newPage, sameOrigin, useBrowser } from '../lib/browser.js';

const browser = useBrowser();

/** RFC 4180 CSV, enough for the export (quoted cells, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const input = text.replace(/^\ufeff/, '');
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!;
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      row.push(cell.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

interface GridRow {
  userId: number;
  donorId: string | null;
  username: string;
  availability: string;
}

describe('staff donor list as the agency admin', () => {
  it('exports the donor CSV and reserves a donor for parent@demo.test, then unreserves', async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, 'admin@demo.test');
      await go(page, '/viewdonor');
      await page.getByRole('heading', { level: 1, name: 'Donors' }).waitFor();
      await page
        .getByRole('button', { name: /^Actions for donor/ })
        .first()
        .waitFor();
      await assertAccessible(page, '/viewdonor');

      // Export: the streamed file holds every donor of the center, and only those.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      assert.equal(download.suggestedFilename(), 'donors.csv');
      const csv = parseCsv(await readFile((await download.path())!, 'utf8'));
      assert.equal(csv[0]![0], 'User ID');
      assert.equal(csv[0]![4], 'Email');
      const grid = await page.request.post('/api/getdonorbycenter', {
        headers: sameOrigin(),
        data: { to: 1 },
      });
      const { data } = (await grid.json()) as { data: { total: number } };
      assert.equal(csv.length - 1, data.total);
      assert.ok(csv.slice(1).every((r) => r.length === csv[0]!.length));

      // An Available donor of the center, found through the grid's search.
      const pick = await page.request.post('/api/getdonorbycenter', {
        headers: sameOrigin(),
        data: { donor_availability: ['Available'], sort: 'donor_id', ord: 'desc', to: 20, search: 'donor' },
      });
      const donor = ((await pick.json()) as { data: { rows: GridRow[] } }).data.rows.find((r) =>
        r.username.endsWith('@synthetic.test'),
      )!;
      const label = donor.donorId ?? String(donor.userId);
      await page.getByRole('searchbox', { name: 'Search donors' }).fill(donor.username);
      const actions = page.getByRole('button', { name: `Actions for donor ${label}` });
      await actions.waitFor();

      await actions.click();
      await page.getByRole('menuitem', { name: 'Reserve' }).click();
      const dialog = page.getByRole('dialog', { name: /^Reserve donor/ });
      await dialog.waitFor();
      await dialog.getByRole('combobox', { name: 'Intended parent' }).click();
      await page.getByRole('option', { name: /parent@demo\.test/ }).click();
      // The parent's case manager is preselected.
      const manager = await dialog.getByRole('combobox', { name: 'Case manager' }).elementHandle();
      await page.waitForFunction((el) => (el as HTMLInputElement).value !== '', manager);
      await assertAccessible(page, 'reserve dialog');
      await dialog.getByRole('button', { name: 'Reserve' }).click();
      await page.getByText('Donor reserved successfully.').first().waitFor();
      await dialog.waitFor({ state: 'hidden' });
      const row = page.getByRole('row', { name: new RegExp(label) });
      await row.getByRole('cell', { name: 'Reserved', exact: true }).waitFor();

      await actions.click();
      await page.getByRole('menuitem', { name: 'Unreserve' }).click();
      const release = page.getByRole('dialog', { name: /^Unreserve donor/ });
      await release.waitFor();
      assert.equal(await release.getByRole('combobox', { name: 'New status' }).inputValue(), 'Available');
      await release.getByRole('button', { name: 'Unreserve' }).click();
      await page.getByText('Donor unreserved successfully.').first().waitFor();
      await row.getByRole('cell', { name: 'Available', exact: true }).waitFor();
      const after = await page.request.post('/api/getdonorbycenter', {
        headers: sameOrigin(),
        data: { search: donor.username },
      });
      const back = ((await after.json()) as { data: { rows: GridRow[] } }).data.rows[0]!;
      assert.equal(back.availability, 'Available');
    } finally {
      await context.close();
    }
  });

  it('opens the import, blank-mandatory-fields and archived-donor pages accessibly', async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, 'admin@demo.test');
      for (const [path, title] of [
        ['/donorimport', 'Import donors'],
        ['/donorformmandatoryfields', 'Blank mandatory fields'],
        ['/archiveddonors', 'Archived donors'],
      ] as const) {
        await go(page, path);
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        await page.waitForLoadState('networkidle');
        await assertAccessible(page, path);
      }
    } finally {
      await context.close();
    }
  });
});

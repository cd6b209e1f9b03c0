import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { login } from '../lib/auth.js';
import { assertAccessible, go, newPage, sameOrigin, useBrowser } from '../lib/browser.js';
import { newestMailTo } from '../lib/mail.js';

const browser = useBrowser();

// Data of this scenario only: center 85's parent and case manager, a search name no other
// scenario uses, and one imported donor that is deleted again at the end.
const PARENT = 'parent85@demo.test';
const MANAGER = 'manager85@demo.test';
const ADMIN = 'admin85@demo.test';
const SEARCH = 'E2E alert search';
const DONOR_KEY = 'E2E-ALERT-1';

/** One complete (Available) donor of 26, as the import of center 85 takes it. */
const FILES = [
  {
    name: 'general.csv',
    content: `donor_key,email,first_name,last_name,date_of_birth,zipcode,city,state\n${DONOR_KEY},e2e-alert1@alerts.test,Alertina,Newmatch,${new Date().getUTCFullYear() - 26}-02-03,,,\n`,
  },
  {
    name: 'physical.csv',
    content: `donor_key,height_cm,weight_kg,eye_color,hair_color,blood_group\n${DONOR_KEY},168,60,Green,Brown,\n`,
  },
  { name: 'education.csv', content: `donor_key,education_level\n${DONOR_KEY},\n` },
  { name: 'status.csv', content: `donor_key,availability,donor_type\n${DONOR_KEY},Available,\n` },
].map((f) => ({ name: f.name, mimeType: 'text/csv', buffer: Buffer.from(f.content) }));

/** Saves the form's search under `name` with the daily e-mail ticked, from the search page. */
async function saveWithAlert(page: Page, name: string): Promise<void> {
  await go(page, '/search');
  await page
    .getByRole('status')
    .filter({ hasText: /donors found/ })
    .waitFor();
  await page.getByRole('button', { name: 'Save search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save search' });
  await dialog.getByRole('textbox', { name: /Search name/ }).fill(name);
  await dialog.getByRole('checkbox', { name: /E-mail me new matches daily/ }).check();
  await assertAccessible(page, '/search (save dialog)');
  const alerted = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/savedsearchalert' && r.request().method() === 'PUT',
  );
  await dialog.getByRole('button', { name: 'Save' }).click();
  assert.equal((await alerted).status(), 200);
  await dialog.waitFor({ state: 'hidden' });
}

describe('saved-search alerts (beyond the spec)', () => {
  it('a parent saves a search with the daily e-mail; a new donor begins to match; the digest names her', async () => {
    const parent = await newPage(browser);
    let donorPath = '';
    try {
      await login(parent.page, PARENT);
      await saveWithAlert(parent.page, SEARCH);
      // The new search is picked, its switch on and saying so.
      const toggle = parent.page.getByRole('switch', { name: /E-mail me new matches daily/ });
      await toggle.waitFor();
      assert.equal(await toggle.isChecked(), true);
      await parent.page
        .getByText(`On: new donors of “${SEARCH}” come by e-mail, once a day at most.`)
        .waitFor();
      await assertAccessible(parent.page, '/search (alert on)');

      // Staff add a donor who matches: the import of center 85.
      const admin = await newPage(browser);
      try {
        await login(admin.page, ADMIN);
        await go(admin.page, '/donorimport');
        await admin.page.getByRole('heading', { level: 1, name: 'Import donors' }).waitFor();
        await admin.page.locator('input[type=file]').setInputFiles(FILES);
        await admin.page.getByRole('button', { name: 'Start import' }).click();
        await admin.page.getByText('Imported 1 donor(s); 0 row(s) rejected.').waitFor({ timeout: 30_000 });
      } finally {
        await admin.context.close();
      }

      // The digest job (a look a minute) sends the day's digest; the mail job delivers it.
      const mail = await newestMailTo(
        PARENT,
        (m) => m.subject.startsWith('New donors for your saved searches'),
        150_000,
      );
      assert.match(mail.html, new RegExp(`Donor ${DONOR_KEY} Alertina`));
      assert.match(mail.html, new RegExp(SEARCH));
      assert.match(mail.text, /unsubscribe/i);
      const link = /#(\/donordetails\/\d+)/.exec(mail.html);
      assert.ok(link, 'the digest links to the donor');
      donorPath = link[1]!;

      // The link opens the donor's details page.
      await go(parent.page, donorPath);
      await parent.page.getByText(DONOR_KEY).first().waitFor();

      // The bell tells of it too.
      await go(parent.page, '/notifications');
      await parent.page.getByText(`1 new donor for your saved search “${SEARCH}”`).first().waitFor();

      // Switched off again; the search is deleted (restoring the parent's data).
      await go(parent.page, '/search');
      await parent.page.getByRole('combobox', { name: 'Saved searches' }).click();
      await parent.page.getByRole('option', { name: new RegExp(SEARCH) }).click();
      const again = parent.page.getByRole('switch', { name: /E-mail me new matches daily/ });
      await again.click({ force: true });
      await parent.page.getByText('The daily e-mail for this search is off.').first().waitFor();
      assert.equal(await again.isChecked(), false);
    } finally {
      await parent.context.close();
    }

    // The case manager's saved-search list: a switch per search.
    const manager = await newPage(browser);
    try {
      await login(manager.page, MANAGER);
      await saveWithAlert(manager.page, 'E2E manager alert');
      await go(manager.page, '/searchlistpage');
      await manager.page.getByRole('heading', { level: 1, name: 'Saved searches' }).waitFor();
      const row = manager.page.getByRole('switch', {
        name: 'E-mail me new matches daily: E2E manager alert',
      });
      await row.waitFor();
      assert.equal(await row.isChecked(), true);
      await assertAccessible(manager.page, '/searchlistpage');
      await row.click({ force: true });
      await manager.page.getByText('The daily e-mail for this search is off.').first().waitFor();
      assert.equal(await row.isChecked(), false);
      await assertAccessible(manager.page, '/searchlistpage (alert off)');
      // Restore: the manager's search goes again.
      await manager.page.getByRole('button', { name: 'Delete E2E manager alert' }).click();
      await manager.page
        .getByRole('dialog', { name: 'Delete saved search' })
        .getByRole('button', { name: 'Delete', exact: true })
        .click();
      await manager.page.getByText('Search deleted successfully.').first().waitFor();
    } finally {
      await manager.context.close();
    }

    // Restore: the parent's search and the imported donor go again.
    const cleanup = await newPage(browser);
    try {
      await login(cleanup.page, PARENT);
      const searches = await cleanup.page.request.get('/api/savedsearches');
      const list = ((await searches.json()) as { data: { search_id: number; search_name: string }[] }).data;
      for (const s of list.filter((x) => x.search_name === SEARCH)) {
        const res = await cleanup.page.request.put('/api/deletesearchlist', {
          data: { search_id: s.search_id },
          headers: sameOrigin(),
        });
        assert.equal(res.status(), 200);
      }
    } finally {
      await cleanup.context.close();
    }
    const admin = await newPage(browser);
    try {
      await login(admin.page, ADMIN);
      const id = donorPath.split('/').at(-1)!;
      const res = await admin.page.request.delete(`/api/harddeletedonor/${id}`, {
        data: { typed_id: id },
        headers: sameOrigin(),
      });
      assert.equal(res.status(), 200);
    } finally {
      await admin.context.close();
    }
  });
});

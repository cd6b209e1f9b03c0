import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { login } from '../lib/auth.js';
import { assertAccessible, go, newPage, useBrowser } from '../lib/browser.js';

const browser = useBrowser();

/** One donor whose eye colour is not an app value. */
const FILES = [
  {
    name: 'general.csv',
    content:
      'donor_key,email,first_name,last_name,date_of_birth,zipcode,city,state\nE2E-MAP-1,e2e-map1@mapping.test,Mia,Mapping,1996-03-04,,,\n',
  },
  {
    name: 'physical.csv',
    content:
      'donor_key,height_cm,weight_kg,eye_color,hair_color,blood_group\nE2E-MAP-1,165,60,E2E Sea Green,,\n',
  },
  { name: 'education.csv', content: 'donor_key,education_level\nE2E-MAP-1,\n' },
  { name: 'status.csv', content: 'donor_key,availability,donor_type\nE2E-MAP-1,,\n' },
].map((f) => ({ name: f.name, mimeType: 'text/csv', buffer: Buffer.from(f.content) }));

describe('field mapping and job runs', () => {
  it('an import keeps a donor with an unknown eye colour; master@demo.test maps it; the run is listed', async () => {
    const admin = await newPage(browser);
    try {
      await login(admin.page, 'admin@demo.test');
      await go(admin.page, '/donorimport');
      await admin.page.getByRole('heading', { level: 1, name: 'Import donors' }).waitFor();
      await admin.page.locator('input[type=file]').setInputFiles(FILES);
      await admin.page.getByRole('button', { name: 'Start import' }).click();
      // The background job (every 3 s) imports the donor and reports the value awaiting mapping.
      const awaiting = admin.page.getByRole('table', { name: /Values awaiting mapping/ });
      await awaiting.getByRole('cell', { name: 'E2E Sea Green' }).waitFor({ timeout: 30_000 });
      await admin.page.getByText('Imported 1 donor(s); 0 row(s) rejected.').waitFor();
    } finally {
      await admin.context.close();
    }

    const { context, page } = await newPage(browser);
    try {
      await login(page, 'master@demo.test');
      await page.getByRole('link', { name: 'Field mapping' }).click();
      await page.getByRole('heading', { level: 1, name: 'Field mapping' }).waitFor();
      // Off the menu link: a hovered active link is not what the contrast check is about.
      await page.mouse.move(900, 10);
      const row = page.getByRole('row', { name: /E2E Sea Green/ });
      await row.waitFor();
      await assertAccessible(page, '/mapping/eye_color');
      // Moving needs a selected value first.
      await page.getByRole('button', { name: /Move to mapped/ }).click();
      await page.getByText('Please select atleast one value').waitFor();
      await row.getByRole('checkbox', { name: 'Select E2E Sea Green' }).check();
      await page.getByRole('combobox', { name: /Map selected to/ }).click();
      await page.getByRole('option', { name: 'Green', exact: true }).click();
      const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/updatemappingfield');
      await page.getByRole('button', { name: 'Move to mapped (1)' }).click();
      const answer = (await (await saved).json()) as { data: { rows: number; donors: number } };
      assert.deepEqual(answer.data, { rows: 1, donors: 1 });
      await page.getByRole('tab', { name: 'Mapped', exact: true }).click();
      const mapped = page.getByRole('row', { name: /E2E Sea Green/ });
      await mapped.getByRole('cell', { name: 'Green', exact: true }).waitFor();
      await assertAccessible(page, '/mapping/eye_color/mapped');

      // The import's run, recorded by the job, on /cronjob and /crontable.
      await go(page, '/cronjob');
      await page.getByRole('heading', { level: 1, name: 'Scheduled jobs' }).waitFor();
      await page.getByRole('cell', { name: /Donor import/ }).waitFor();
      const succeeded = page.getByRole('link', { name: /^Succeeded runs: \d+$/ });
      await succeeded.waitFor();
      await assertAccessible(page, '/cronjob');
      await succeeded.click();
      await page.getByRole('heading', { level: 1, name: 'Job runs' }).waitFor();
      const run = page.getByRole('row', { name: /Donor import.*Main Agency/ }).first();
      await run.waitFor();
      assert.match((await run.textContent()) ?? '', /Succeeded/);
      await assertAccessible(page, '/crontable/success');
    } finally {
      await context.close();
    }
  });
});

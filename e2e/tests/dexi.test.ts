import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { login } from '../lib/auth.js';
import { assertAccessible, go, newPage, useBrowser } from '../lib/browser.js';

const browser = useBrowser();

/** The agency of this scenario: no other scenario counts its donors. */
const CENTER = 36;
const AGENCY = 'Consultant Clinic';

/** The server's DATA_DIR: the runner passes its mail drop, DATA_DIR/mail. */
function dropFolder(): string {
  const mailDir = process.env.E2E_MAIL_DIR;
  if (!mailDir) throw new Error('E2E_MAIL_DIR is not set: run the suite with `npm run test:e2e`');
  return path.join(path.dirname(mailDir), 'dexi', String(CENTER));
}

/** An export of two donors and a row the import rejects (no e-mail address). */
function dropExport() {
  const dir = dropFolder();
  mkdirSync(dir, { recursive: true });
  const files: Record<string, string> = {
    'general.csv':
      'donor_key,email,first_name,last_name,date_of_birth,zipcode,city,state\n' +
      'DEXI-1,dexi1@e2e.test,Ada,Feed,1996-03-04,10001,New York,NY\n' +
      'DEXI-2,dexi2@e2e.test,Bea,Feed,1995-05-06,10001,New York,NY\n' +
      'DEXI-3,not-an-email,Cy,Feed,,,,\n',
    'physical.csv':
      'donor_key,height_cm,weight_kg,eye_color,hair_color,blood_group\nDEXI-1,165,58,Blue,Blonde,A+\nDEXI-2,170,60,,,\nDEXI-3,170,60,,,\n',
    'education.csv': 'donor_key,education_level\nDEXI-1,GED\nDEXI-2,\nDEXI-3,\n',
    'status.csv': 'donor_key,availability,donor_type\nDEXI-1,Available,Fresh\nDEXI-2,,\nDEXI-3,,\n',
  };
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), content);
}

describe('external donor-data runs (/dexi)', () => {
  it('the master admin starts a run from the drop folder and sees its counts', async () => {
    const { context, page } = await newPage(browser);
    try {
      dropExport();
      await login(page, 'master@demo.test');
      await go(page, '/dexi');
      await page.getByRole('heading', { level: 1, name: 'Dexi import' }).waitFor();
      await page.getByRole('combobox', { name: 'Agency' }).click();
      await page.getByRole('option', { name: AGENCY }).click();
      await page.getByText(`DATA_DIR/dexi/${CENTER}/`).waitFor();
      await assertAccessible(page, '/dexi');
      await page.getByRole('button', { name: 'Start run' }).click();
      await page.getByText('Run started.').first().waitFor();

      // The dexi job and then the import job take it; the list is read again until it is done.
      const table = page.getByRole('table', { name: 'External data runs' });
      const row = table.getByRole('row').filter({ hasText: AGENCY }).first();
      await row.getByText('done').waitFor({ timeout: 60_000 });
      const cells = await row.getByRole('cell').allTextContents();
      // Started, agency, source, status, rows read, created, updated, rejected, error.
      assert.deepEqual(cells.slice(1, 8), [AGENCY, 'Drop folder', 'done', '12', '2', '0', '1']);
      await row.getByRole('button', { name: /^Rejected rows of run/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Rejected rows' });
      await dialog.getByText(/general\.csv, row 4 \(DEXI-3\): Invalid Email address/).waitFor();
      await assertAccessible(page, '/dexi rejected rows');
      await dialog.getByRole('button', { name: 'Close' }).click();

      // The job run is on /cronjob's list of runs too.
      await go(page, '/crontable');
      await page.getByRole('cell', { name: 'External donor data' }).first().waitFor();
    } finally {
      await context.close();
    }
  });
});

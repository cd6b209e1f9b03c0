import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { login } from '../lib/auth.js';
import { assertAccessible, go, launchBrowser, newPage, route } from '../lib/browser.js';
import { assertReadableAnswers } from '../lib/contrast.js';
import { type RunningServer, startServer } from '../lib/server.js';

/**
 * The donor form end to end. The scenarios change the demo donors' states (newdonor passes her
 * pre-form, donor@demo.test gets a change set), so this file runs on its own fresh server and
 * database: the other scenario files see the demo data as seeded, whatever the order.
 */
let browser: Browser;
let server: RunningServer;
const sharedUrl = process.env.E2E_BASE_URL;
before(async () => {
  server = await startServer({ SEED_DONORS: '20' }, { anyPort: true });
  process.env.E2E_BASE_URL = server.baseUrl;
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
  await server.stop();
  process.env.E2E_BASE_URL = sharedUrl;
});

const TAB_LABELS = [
  'Guidelines',
  'General',
  'Personal health',
  'Characteristics',
  'Family health',
  'Diseases',
  'Past donations',
  'Education',
  'Miscellaneous',
  'Photos & media',
  'Submit',
];

async function openTab(page: Page, number: number): Promise<void> {
  const label = TAB_LABELS[number - 1]!;
  await page.getByRole('tab', { name: new RegExp(`^${number}\\. ${label.replace('&', '\\&')}`) }).click();
  const region = page.getByRole('region', { name: label });
  await region
    .getByRole('heading', { level: 2, name: label })
    .waitFor()
    .catch(async (e) => {
      await page.screenshot({ path: `/tmp/df-tab${number}.png`, fullPage: true });
      throw e;
    });
  await region.getByRole('status', { name: 'Loading' }).waitFor({ state: 'detached' });
  await page.waitForURL((url) => url.hash.includes(`/${number}`));
}

/** Saves the tab and waits for this save's answer (an earlier save's toast may still show). */
async function save(page: Page, message: string): Promise<void> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/updatedonorformdetails')),
    page.getByRole('button', { name: 'Save', exact: true }).click(),
  ]);
  assert.equal(response.status(), 200, `save answered ${response.status()}: ${await response.text()}`);
  await page.getByText(message).first().waitFor();
  await page.getByRole('button', { name: 'Save', exact: true }).and(page.locator(':disabled')).waitFor();
}

/** The donor id in /donorform/{id}/... */
const donorIdOf = (page: Page) => Number(route(page).split('/')[2]);

async function review(page: Page, donorId: number, page_: number, button: string, message: string) {
  await go(page, `/donorform/${donorId}/${page_}`);
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: button });
  await dialog.getByLabel('Message to the donor').fill(message);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await page.getByText('Donor status updated successfully.').first().waitFor();
}

describe('donor form', () => {
  it('an approved donor changes a field; the admin sees it highlighted and approves it (every tab checked with axe)', async () => {
    const donor = await newPage(browser);
    let donorId: number;
    try {
      const page = donor.page;
      await login(page, 'donor@demo.test');
      await page.waitForURL((url) => url.hash === '#/donorhome');
      await page.getByRole('heading', { level: 1, name: /Welcome, Dana/ }).waitFor();
      await assertAccessible(page, 'donor home');
      // Her menu holds her home, her form (at her id), her messages and her profile.
      const menu = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link');
      assert.deepEqual(await menu.allTextContents(), ['Home', 'My donor form', 'Messages', 'Profile']);
      const me = (await (await page.request.get('/api/me')).json()) as { data: { userId: number } };
      assert.deepEqual(await menu.evaluateAll((links) => links.map((a) => a.getAttribute('href'))), [
        '#/donorhome',
        `#/donorform/${me.data.userId}`,
        '#/messageroom',
        '#/editprofile',
      ]);
      await page.getByRole('link', { name: 'Open my donor form' }).click();
      await page.getByRole('heading', { level: 1, name: 'Donor form' }).waitFor();
      for (let n = 1; n <= 11; n++) {
        await openTab(page, n);
        await assertAccessible(page, `tab ${n}`);
      }
      donorId = donorIdOf(page);
      await openTab(page, 4);
      await page.getByLabel('Hobbies').fill('Climbing and chess');
      await save(page, 'Your changes were saved and sent to the agency for review.');
      await page.getByText('Available Donor Changes Pending Review').first().waitFor();
    } finally {
      await donor.context.close();
    }

    const admin = await newPage(browser);
    try {
      const page = admin.page;
      await login(page, 'admin@demo.test');
      await go(page, `/donorform/${donorId}/4`);
      await page.getByRole('button', { name: /View pending changes/ }).click();
      const table = page.getByRole('table', { name: 'Changed fields' });
      await table.getByRole('row', { name: /hobbies/ }).waitFor();
      await table.getByText('Climbing and chess').waitFor();
      // The changed field itself is highlighted in the read-only form.
      assert.equal(
        await page
          .locator('[data-highlight="true"]')
          .filter({ has: page.getByLabel('Hobbies') })
          .count(),
        1,
      );
      await assertAccessible(page, 'changes view');
      // The read-only form shows its answers as text at 4.5:1 or more, in no disabled field.
      await assertReadableAnswers(page, 'section[aria-label="Characteristics"]', ['Climbing and chess']);
      await page.getByRole('button', { name: 'Accept changes' }).click();
      const dialog = page.getByRole('dialog', { name: 'Accept changes' });
      await dialog.getByLabel('Message to the donor').fill('Thank you, approved.');
      await assertAccessible(page, 'status dialog');
      await dialog.getByRole('button', { name: 'Send' }).click();
      await page.getByText('Donor status updated successfully.').first().waitFor();
      await page
        .getByText('Status: Available')
        .or(page.getByText('Available', { exact: true }))
        .first()
        .waitFor();
    } finally {
      await admin.context.close();
    }
  });

  it('a new donor passes the pre-form, fills the initial form, and it goes through review', async () => {
    const donor = await newPage(browser);
    const page = donor.page;
    let donorId = 0;
    try {
      await login(page, 'newdonor@demo.test');
      await page.waitForURL((url) => url.hash === '#/preform');
      await page.getByLabel('Date of birth (MM/DD/YYYY)').fill('06/15/2000');
      await page.getByLabel('Height (feet)').selectOption('5');
      await page.getByLabel('Height (inches)').selectOption('5');
      await page.getByLabel('Weight (lbs)').fill('140');
      const answers = {
        'donated eggs before': 'No',
        nicotine: 'No',
        'recreational drugs': 'No',
        'both ovaries': 'Yes',
        'regular monthly periods': 'Yes',
        'pregnant or breastfeeding': 'No',
        'serious mental illness': 'No',
        'sexually transmitted': 'No',
        'medical history': 'Yes',
        injections: 'Yes',
      };
      for (const [word, value] of Object.entries(answers)) {
        await page
          .getByRole('radiogroup', { name: new RegExp(word) })
          .getByRole('radio', { name: value })
          .check();
      }
      await page.getByRole('checkbox', { name: /I declare/ }).check();
      await page.getByRole('button', { name: 'Submit' }).click();
      await page
        .getByRole('dialog', { name: 'Confirm submission' })
        .getByRole('button', { name: 'Confirm' })
        .click();
      await page.waitForURL((url) => url.hash.startsWith('#/donorform'));

      // The invited donor lands on the general tab; tabs 4-9 open after the initial form is accepted.
      await page.getByRole('region', { name: 'General' }).waitFor();
      assert.equal(await page.getByRole('tab', { name: /^4\. Characteristics/ }).isDisabled(), true);
      await assertAccessible(page, 'general tab');
      await page.getByLabel('Contact number').fill('2125550100');
      await page.getByLabel('Zip code').fill('10001');
      await page.getByRole('combobox', { name: /^State/ }).selectOption('New York');
      await page.getByRole('combobox', { name: /^City/ }).selectOption('Other');
      await page.getByLabel('Name of your city').fill('Manhattan');
      await page.getByLabel('Education level').selectOption({ index: 8 });
      await page.getByRole('checkbox', { name: 'Google' }).check();
      await save(page, 'Donor form saved successfully.');
      donorId = donorIdOf(page) || donorId;

      await openTab(page, 3);
      await page.getByLabel('Do you use birth control?').selectOption('No');
      await save(page, 'Donor form saved successfully.');
      await assertAccessible(page, 'personal health tab');
      donorId = donorIdOf(page);
      assert.ok(donorId > 0);

      await openTab(page, 11);
      await page.getByRole('button', { name: 'Submit initial form' }).click();
      const blank = page.getByRole('dialog', { name: 'Blank mandatory fields' });
      await blank.getByText('Photos & media: Photo').waitFor();
      await assertAccessible(page, 'blank mandatory fields dialog');
      await blank.getByRole('button', { name: 'OK' }).click();

      await openTab(page, 10);
      await assertAccessible(page, 'photos tab');
      // The photo: the image guidelines are accepted (only once scrolled to their end) first.
      await page.getByRole('button', { name: 'Image guidelines' }).click();
      const guidelines = page.getByRole('dialog', { name: 'Image guidelines' });
      await guidelines.getByTestId('image-guidelines-text').evaluate((el) => {
        el.scrollTop = el.scrollHeight;
        el.dispatchEvent(new Event('scroll'));
      });
      await guidelines.getByRole('button', { name: 'I accept' }).click();
      await guidelines.waitFor({ state: 'hidden' });
      await page.getByLabel('Add photos').setInputFiles({
        name: 'me.png',
        mimeType: 'image/png',
        buffer: Buffer.from(
          'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
          'base64',
        ),
      });
      await page.getByRole('button', { name: 'Upload photo' }).click();
      await page
        .getByRole('button', { name: /^Delete / })
        .first()
        .waitFor();
      await assertAccessible(page, 'photos tab with a photo');
      await openTab(page, 11);
      await page.getByRole('button', { name: 'Submit initial form' }).click();
      await page
        .getByRole('dialog', { name: 'Initial form submitted' })
        .getByRole('button', { name: 'OK' })
        .click();
      await page.getByText('General Info Pending Review').first().waitFor();
    } finally {
      await donor.context.close();
    }

    const admin = await newPage(browser);
    try {
      await login(admin.page, 'admin@demo.test');
      await review(admin.page, donorId, 2, 'Accept initial form', 'Welcome! Please complete the rest.');
    } finally {
      await admin.context.close();
    }

    const again = await newPage(browser);
    try {
      const p = again.page;
      await login(p, 'newdonor@demo.test');
      await go(p, `/donorform/${donorId}/4`);
      await p.getByRole('region', { name: 'Characteristics' }).waitFor();
      await p.getByRole('button', { name: 'Add race' }).click();
      await p.getByLabel('Race 1', { exact: true }).selectOption('White');
      await p.getByLabel('Race 1 percentage').selectOption('100');
      await p.getByRole('button', { name: 'Add ethnicity' }).click();
      await p.getByLabel('Ethnicity 1', { exact: true }).selectOption('Caucasian');
      await p.getByLabel('Ethnicity 1 percentage').selectOption('100');
      await p.getByLabel('Eye color').selectOption('Blue');
      await p.getByLabel('Hair color').selectOption({ index: 1 });
      await save(p, 'Donor form saved successfully.');

      await openTab(p, 5);
      // Answer for the mother only; the other default relatives are marked not applicable.
      const member = (relation: string) => p.getByRole('group', { name: relation, exact: true });
      for (const relation of [
        'Biological Father',
        "Father's Mother",
        "Father's Father",
        "Mother's Mother",
        "Mother's Father",
      ]) {
        await member(relation).getByLabel('I can answer for this relative').uncheck();
      }
      const mother = member('Biological Mother');
      await mother.getByLabel('Date of birth').fill('1970-01-01');
      await mother.getByLabel('Height (feet)').selectOption('5');
      await mother.getByLabel('Height (inches)').selectOption('4');
      await mother.getByLabel('Body type').selectOption('Average');
      await mother.getByLabel('Eye color').selectOption('Blue');
      await mother.getByLabel('Hair color').selectOption({ index: 1 });
      await save(p, 'Donor form saved successfully.');

      await openTab(p, 8);
      await p.getByRole('button', { name: 'Add education record' }).click();
      await p.getByRole('combobox', { name: /^Type/ }).selectOption('College');
      await save(p, 'Donor form saved successfully.');

      await openTab(p, 9);
      await p.getByLabel(/Why do you want to become an egg donor/).fill('To help a family.');
      await p.getByRole('button', { name: 'Save answers' }).click();
      await p.getByText('Answers saved successfully.').first().waitFor();

      // The main center shows compensation: opening the submit tab submits the main form by itself.
      await openTab(p, 11);
      await p
        .getByRole('dialog', { name: 'Donor form submitted' })
        .getByRole('button', { name: 'OK' })
        .click();
      await p.getByText('Main Form Pending Review').first().waitFor();
    } finally {
      await again.context.close();
    }

    const approve = await newPage(browser);
    try {
      await login(approve.page, 'admin@demo.test');
      await review(approve.page, donorId, 2, 'Accept main form', 'Your profile is live.');
      await approve.page.getByText('Available').first().waitFor();
    } finally {
      await approve.context.close();
    }
  });
});

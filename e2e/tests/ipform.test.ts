import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { login } from '../lib/auth.js';
import { assertAccessible, go, newPage, route, useBrowser } from '../lib/browser.js';
import { assertReadableAnswers } from '../lib/contrast.js';

const browser = useBrowser();

// The demo seed turns the IP form on for center 1, so parent@demo.test has one. Where
// her first login lands (the form) is the auth scenario's; other scenarios may have signed her in
// before this one, so it opens the form by its address.
const PARENT = 'parent@demo.test';
const THERAPY = 'Grief counselling in 2019';

describe('intended-parent form', () => {
  it('the parent fills and submits the four tabs, is asked before leaving unsaved, sees the preview read-only; the case manager previews it from the users grid', async () => {
    const { context, page } = await newPage(browser);
    let parentId = 0;
    try {
      await login(page, PARENT);
      await go(page, '/ipform');
      await page.getByRole('heading', { level: 1, name: 'Intended parent form' }).waitFor();
      parentId = ((await (await page.request.get('/api/me')).json()) as { data: { userId: number } }).data
        .userId;
      // A new form starts with the date of birth 26 years ago.
      const dob = await page.getByLabel('Your date of birth').inputValue();
      assert.equal(Number(dob.slice(0, 4)), new Date().getUTCFullYear() - 26);
      await assertAccessible(page);

      // General.
      await page.getByLabel('Country').selectOption('US');
      await page.getByLabel('State').selectOption('NY');
      await page.getByLabel('City', { exact: true }).selectOption('Other');
      await page.getByLabel('Other city').fill('Brooklyn Heights');
      await page.getByLabel('Zip code').fill('10001');
      await page.getByLabel('Your date of birth').fill('1988-03-14');
      await page.getByLabel('Have you had previous therapy?').selectOption('1');
      await page.getByLabel('Please describe the therapy').fill(THERAPY);
      await page.getByLabel('Do you take psychological medication?').selectOption('0');
      await page.getByLabel('Have you been convicted of child abuse?').selectOption('0');
      await page.getByRole('button', { name: 'Save and next' }).click();
      await page.getByText('IP form saved successfully.').first().waitFor();

      // Personal characteristics: the later tabs stay closed until it is valid.
      await page.getByRole('region', { name: 'Personal characteristics' }).waitFor();
      assert.equal(await page.getByRole('tab', { name: /Fertility history/ }).isDisabled(), true);
      await page.getByRole('button', { name: 'Save and next' }).click();
      await page.getByText('Height is required.').waitFor();
      await page.getByLabel('Your height (feet)').selectOption('5');
      await page.getByLabel('Your height (inches)').selectOption('9');
      await page.getByLabel('Your weight (lb)').fill('150');
      assert.equal(await page.getByRole('tab', { name: /Fertility history/ }).isDisabled(), false);
      await page.getByRole('button', { name: 'Save and next' }).click();

      // Fertility history; leaving with unsaved changes asks first.
      await page.getByRole('region', { name: 'Fertility history' }).waitFor();
      await page.getByRole('checkbox', { name: 'Tubal factor' }).check();
      await page.getByLabel('Fertility clinic').fill('Hudson Fertility');
      await page.getByLabel('Sperm source').selectOption('Partner');
      await page.getByRole('button', { name: 'Add cycle' }).click();
      await page.getByLabel('Treatment').selectOption('IVF');
      await page.getByLabel('Outcome').selectOption('Not pregnant');
      await assertAccessible(page);
      await page.getByRole('link', { name: 'Favorites' }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('You have unsaved changes').waitFor();
      await dialog.getByRole('button', { name: 'Stay' }).click();
      await dialog.waitFor({ state: 'hidden' });
      assert.equal(route(page), '/ipform');
      await page.getByRole('button', { name: 'Save and next' }).click();

      // Confirm: the review, then submit; the parent returns home.
      await page.getByRole('region', { name: 'Confirm' }).waitFor();
      await page.getByText('5 ft 9 in (175.26 cm)').waitFor();
      await page.getByText('IVF —: Not pregnant').waitFor();
      await assertAccessible(page);
      await page.getByRole('checkbox', { name: /information in this form is accurate/ }).check();
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('IP form submitted successfully.').first().waitFor();
      await page.waitForURL((url) => !url.hash.startsWith('#/ipform'));
      await page.getByRole('heading', { level: 1, name: 'Search donors' }).waitFor();
      assert.equal(route(page), '/');

      // The preview is read-only: the answers read as text at 4.5:1 or more, in no disabled field.
      await go(page, `/ipform/${parentId}/preview`);
      await page.getByText('Read only').waitFor();
      await page.getByText('Submitted', { exact: true }).waitFor();
      const therapy = page.getByLabel('Have you had previous therapy?');
      assert.equal(await therapy.inputValue(), 'Yes');
      assert.equal(await therapy.isEditable(), false);
      assert.equal(await page.getByLabel('Please describe the therapy').inputValue(), THERAPY);
      await assertReadableAnswers(page, 'section[aria-label="General"]', ['Yes', THERAPY, '10001']);
      assert.equal(await page.getByRole('button', { name: 'Save and next' }).count(), 0);
    } finally {
      await context.close();
    }

    // The case manager of the parent's center opens it from the users grid, in preview.
    const staff = await newPage(browser);
    try {
      await login(staff.page, 'manager@demo.test');
      await go(staff.page, '/viewclient');
      await staff.page.getByRole('button', { name: 'Actions: Jordan Parent', exact: true }).click();
      await staff.page.getByRole('menuitem', { name: 'IP form' }).click();
      await staff.page.waitForURL((url) => url.hash === `#/ipform/${parentId}/preview`);
      await staff.page.getByText('Read only').waitFor();
      assert.equal(await staff.page.getByLabel('Please describe the therapy').inputValue(), THERAPY);
      await assertReadableAnswers(staff.page, 'section[aria-label="General"]', ['Yes', THERAPY]);
      await staff.page.getByRole('tab', { name: /Confirm/ }).click();
      await staff.page.getByText('Hudson Fertility').waitFor();
      assert.equal(await staff.page.getByRole('button', { name: 'Submit' }).count(), 0);
      await assertAccessible(staff.page);
    } finally {
      await staff.context.close();
    }
  });
});

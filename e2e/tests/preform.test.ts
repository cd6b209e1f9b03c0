import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { login } from '../lib/auth.js';
import { assertAccessible, go, newPage, route, useBrowser } from '../lib/browser.js';

const browser = useBrowser();

/** Answers each screening question (matched by a word of its text) with Yes or No. */
async function answer(page: Page, answers: Record<string, 'Yes' | 'No'>): Promise<void> {
  for (const [word, value] of Object.entries(answers)) {
    await page
      .getByRole('radiogroup', { name: new RegExp(word) })
      .getByRole('radio', { name: value })
      .check();
  }
}

const ELIGIBLE_ANSWERS = {
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
} as const;

async function submitAndConfirm(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: /I declare/ }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm submission' });
  await dialog.getByRole('button', { name: 'Confirm' }).click();
}

describe('pre-form', () => {
  it('a new donor is not accepted, fills the pre-form again and is accepted', async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, 'newdonor@demo.test');
      await page.waitForURL((url) => url.hash === '#/preform');
      await page.getByRole('heading', { level: 1, name: 'Pre-screening form' }).waitFor();
      // The name comes from the account; the age rule is worded from the center's range.
      assert.equal(await page.getByLabel('First name').inputValue(), 'Nia');
      await page.getByText(/First-time donors must be at least 21 and under 30/).waitFor();

      // Checks first: the declaration and the field that seems incorrect.
      await page.getByLabel('Date of birth (MM/DD/YYYY)').fill('13/45/2000');
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByRole('alert').filter({ hasText: 'Date of birth seems incorrect.' }).waitFor();
      await assertAccessible(page);

      await page.getByLabel('Date of birth (MM/DD/YYYY)').fill('06/15/2000');
      await page.getByLabel('Height (feet)').selectOption('5');
      await page.getByLabel('Height (inches)').selectOption('5');
      await page.getByLabel('Weight (lbs)').fill('140');
      await answer(page, { ...ELIGIBLE_ANSWERS, nicotine: 'Yes' });
      await page.getByRole('button', { name: 'Submit' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'Please select final declaration in order to continue.' })
        .waitFor();
      await submitAndConfirm(page);

      await page.waitForURL((url) => url.hash === '#/not-accepted-preform');
      await page.getByRole('heading', { level: 1, name: 'Pre-form not accepted' }).waitFor();
      await assertAccessible(page);

      await page.getByRole('button', { name: 'Fill the pre-form again' }).click();
      await page.waitForURL((url) => url.hash === '#/preform');
      // The previous answers are kept; only the disqualifying one changes.
      assert.equal(await page.getByLabel('Weight (lbs)').inputValue(), '140');
      await answer(page, { nicotine: 'No' });
      await submitAndConfirm(page);
      await page.waitForURL((url) => url.hash === '#/donorform');
      assert.equal(route(page), '/donorform');
    } finally {
      await context.close();
    }
  });

  it('an admin changes the BMI range of the auto-rejection rules', async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, 'admin@demo.test');
      await go(page, '/donorformautorejection');
      await page.getByRole('heading', { level: 1, name: 'Auto-rejection' }).waitFor();
      const max = page.getByLabel('BMI maximum');
      assert.equal(await max.inputValue(), '29.9');

      // Auto-rejection cannot be turned on while a range value is Select.
      const toggle = page.getByRole('switch', { name: 'Auto rejection' });
      await toggle.uncheck();
      await page.getByLabel('BMI minimum').selectOption({ label: 'Select' });
      await toggle.click();
      await page.getByRole('alert').filter({ hasText: 'Please set the BMI and Age range first.' }).waitFor();
      assert.equal(await toggle.isChecked(), false);

      await page.getByLabel('BMI minimum').selectOption('19');
      await max.selectOption('27.5');
      await toggle.check();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Changes saved successfully').first().waitFor();

      // A question switched off no longer rejects.
      // The switch has no visible label (the row names it), so its track takes the click; it
      // shows the new state once saved.
      await page.getByRole('switch', { name: 'Enabled: Nicotine use' }).click({ force: true });
      await page.getByText('Changes saved successfully').first().waitFor();

      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Auto-rejection' }).waitFor();
      await page.getByLabel('BMI maximum').waitFor();
      assert.equal(await page.getByLabel('BMI maximum').inputValue(), '27.5');
      assert.equal(await page.getByLabel('BMI minimum').inputValue(), '19');
      assert.equal(await page.getByRole('switch', { name: 'Auto rejection' }).isChecked(), true);
      assert.equal(await page.getByRole('switch', { name: 'Enabled: Nicotine use' }).isChecked(), false);
      await assertAccessible(page);
    } finally {
      await context.close();
    }
  });
});

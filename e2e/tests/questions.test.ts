import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { login } from '../lib/auth.js';
import { assertAccessible, go, newPage, useBrowser } from '../lib/browser.js';

const browser = useBrowser();

describe('customized questions', () => {
  it('an admin adds a radio question, edits, archives and restores it', async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, 'admin@demo.test');
      await go(page, '/customizedquestions');
      await page.getByRole('heading', { level: 1, name: 'Customized questions' }).waitFor();
      await page.getByRole('table', { name: 'Active questions' }).waitFor();

      await page.getByRole('button', { name: 'Add question' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add question' });
      await dialog.waitFor();
      await dialog.getByRole('textbox', { name: 'Question' }).fill('Do you have pets?');
      await dialog.getByRole('combobox', { name: 'Type' }).selectOption('radio');
      await dialog.getByRole('textbox', { name: 'Option 1' }).fill('Yes');
      await dialog.getByRole('textbox', { name: 'Option 2' }).fill('yes');
      await dialog.getByText('Please add different options').waitFor();
      await dialog.getByRole('textbox', { name: 'Option 2' }).fill('No');
      await dialog.getByRole('button', { name: 'Add option' }).click();
      assert.equal(await dialog.getByRole('button', { name: 'Add option' }).isDisabled(), true);
      await dialog.getByRole('textbox', { name: 'Option 3' }).fill('Not yet');
      await dialog.getByRole('checkbox', { name: 'Option 2 is the default' }).check();
      await dialog.getByRole('switch', { name: 'Required' }).check();
      await dialog.getByRole('combobox', { name: /^Tab/ }).selectOption('general');

      await assertAccessible(page);

      await dialog.getByRole('button', { name: 'Save question' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const active = page.getByRole('table', { name: 'Active questions' });
      const row = active.getByRole('row', { name: /Do you have pets\?/ });
      await row.getByText('Yes, No (default), Not yet').waitFor();

      await page.getByRole('button', { name: 'Edit Do you have pets?' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit question' });
      await edit.getByRole('textbox', { name: 'Question' }).fill('Do you have any pets?');
      await edit.getByRole('combobox', { name: /^Status/ }).selectOption('staff');
      await edit.getByRole('button', { name: 'Save question' }).click();
      await edit.waitFor({ state: 'hidden' });
      const edited = active.getByRole('row', { name: /Do you have any pets\?/ });
      await edited.getByText('Staff').waitFor();

      await page.getByRole('button', { name: 'Archive Do you have any pets?' }).click();
      const confirmArchive = page.getByRole('dialog', { name: 'Archive question' });
      await confirmArchive.getByRole('button', { name: 'Archive' }).click();
      await edited.waitFor({ state: 'detached' });
      await page.getByRole('tab', { name: 'Archived' }).click();
      const archived = page.getByRole('table', { name: 'Archived questions' });
      await archived.getByRole('row', { name: /Do you have any pets\?/ }).waitFor();

      await assertAccessible(page);

      await page.getByRole('button', { name: 'Restore Do you have any pets?' }).click();
      await page
        .getByRole('dialog', { name: 'Restore question' })
        .getByRole('button', { name: 'Restore' })
        .click();
      await page.getByRole('tab', { name: 'Active' }).click();
      await active
        .getByRole('row', { name: /Do you have any pets\?/ })
        .getByText('Staff')
        .waitFor();
    } finally {
      await context.close();
    }
  });
});

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { login } from '../lib/auth.js';
import { assertAccessible, go, newPage, useBrowser } from '../lib/browser.js';
import { newestMailTo } from '../lib/mail.js';

const browser = useBrowser();

async function chooseMany(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

/** The donor labels of the table rows on the edit page, in order. */
async function editOrder(page: Page): Promise<string[]> {
  const links = page.getByRole('table', { name: /Donors in/ }).getByRole('link');
  return (await links.allTextContents()).map((t) => t.split(' · ')[0]!.trim());
}

// The whole chain runs at center 133: only clients of the spec's two consumer-type centers (111 and
// 133) may give feedback, so the demo center 1 pair (manager@/parent@demo.test) cannot. The same
// request -> confirm -> In Cycle at center 1 is covered from the donor page in match.test.ts.
const MANAGER = 'manager133@demo.test';
const CLIENT = 'parent133@demo.test';
const NAME = 'Smith family';

describe('portfolios', () => {
  it('a case manager builds and shares a portfolio; the client gives feedback, submits and requests a match; the manager confirms it and the donor is In Cycle', async () => {
    let portfolioId = 0;
    let ordered: string[] = [];

    const manager = await newPage(browser);
    try {
      const { page } = manager;
      await login(page, MANAGER);
      await go(page, '/portfoliolistpage');
      await page.getByRole('heading', { name: 'Portfolios', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Create portfolio' }).click();
      const create = page.getByRole('dialog', { name: 'Create portfolio' });
      await create.getByRole('textbox', { name: 'Portfolio name' }).fill('x');
      await create.getByRole('button', { name: 'Save' }).click();
      await create.getByText('Length should be greater than 2 and less than or equal to 260').waitFor();
      await create.getByRole('textbox', { name: 'Portfolio name' }).fill(NAME);
      await create.getByRole('button', { name: 'Save' }).click();
      await create.waitFor({ state: 'hidden' });
      const link = page.getByRole('link', { name: NAME, exact: true });
      await link.waitFor();
      portfolioId = Number((await link.getAttribute('href'))!.split('/').pop());
      assert.ok(portfolioId > 0);
      await assertAccessible(page);

      // The client first, so only donors the client may see can be added.
      await go(page, `/shortlist/${portfolioId}`);
      await page.getByRole('button', { name: 'Share with client' }).click();
      const share = page.getByRole('dialog', { name: 'Share portfolio with the client' });
      await share.getByRole('textbox', { name: 'Client e-mail' }).fill(CLIENT);
      await share.getByRole('textbox', { name: 'Message' }).fill('Three donors to start with.');
      await share.getByRole('button', { name: 'Share' }).click();
      await share.waitFor({ state: 'hidden' });
      await page.getByText('Client: Jordan Parent133').waitFor();

      // Three available donors of the center, added from the search result cards.
      await go(page, '/search');
      await page
        .getByRole('status')
        .filter({ hasText: /donors found/ })
        .waitFor();
      const section = page.getByRole('button', { name: 'Donor attributes', exact: true });
      if ((await section.getAttribute('aria-expanded')) !== 'true') await section.click();
      await chooseMany(page, 'Agencies', 'GWK Egg Bank');
      await chooseMany(page, 'Availability', 'Available');
      await Promise.all([
        page.waitForResponse((r) => r.url().includes('/api/getdonorlist') && r.status() === 200),
        page.getByRole('button', { name: 'Search', exact: true }).click(),
      ]);
      const cards = page.getByRole('article');
      await cards.first().waitFor();
      for (let i = 0; i < 3; i++) {
        const card = cards.nth(i);
        await card.getByRole('button', { name: /^Add to portfolio/ }).click();
        const dialog = page.getByRole('dialog', { name: /to a portfolio$/ });
        await dialog.getByRole('checkbox', { name: new RegExp(`^${NAME}`) }).check();
        await dialog.getByRole('button', { name: 'Add to portfolio' }).click();
        await dialog.waitFor({ state: 'hidden' });
      }
      await page.getByText('Donor added successfully').first().waitFor();

      // Reorder with the keyboard-friendly buttons: the third donor moves up to second.
      await go(page, `/shortlist/${portfolioId}`);
      await page.getByRole('table', { name: /Donors in/ }).waitFor();
      const before = await editOrder(page);
      assert.equal(before.length, 3);
      await Promise.all([
        page.waitForResponse((r) => r.url().includes('/api/updateprevieworder') && r.status() === 200),
        page.getByRole('button', { name: `Move donor ${before[2]} up` }).click(),
      ]);
      ordered = [before[0]!, before[2]!, before[1]!];
      await page.reload();
      await page.getByRole('table', { name: /Donors in/ }).waitFor();
      assert.deepEqual(await editOrder(page), ordered);
    } finally {
      await manager.context.close();
    }

    const client = await newPage(browser);
    try {
      const { page } = client;
      await login(page, CLIENT);
      // The client lands on their portfolio.
      await page.waitForURL((url) => url.hash === `#/previewshortlist/${portfolioId}`);
      await page.getByRole('heading', { name: NAME, level: 1 }).waitFor();
      const cards = page.getByRole('article');
      await cards.nth(2).waitFor();
      assert.deepEqual(
        await cards.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))),
        ordered.map((label) => `Donor ${label}`),
      );

      await cards.first().getByRole('button', { name: 'Yes', exact: true }).click();
      await page.getByText('Yes: 1').waitFor();
      await cards.nth(1).getByRole('button', { name: 'No', exact: true }).click();
      await page.getByText('No: 1').waitFor();

      await page.getByRole('button', { name: `Comments on donor ${ordered[0]}` }).click();
      const comments = page.getByRole('dialog', { name: `Comments on donor ${ordered[0]}` });
      await comments.getByRole('button', { name: 'Add comment' }).click();
      await comments.getByText('Comment must contain some value').waitFor();
      await comments.getByRole('textbox', { name: 'Comment' }).fill('We love her profile.');
      await comments.getByRole('button', { name: 'Add comment' }).click();
      // The saved comment in the list (the box holds the same words until it is cleared).
      await comments.getByRole('listitem').getByText('We love her profile.').waitFor();
      await comments.getByRole('button', { name: 'Close' }).last().click(); // the footer button; a toast may cover the corner X
      await comments.waitFor({ state: 'hidden' });
      await assertAccessible(page);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download spreadsheet' }).click(),
      ]);
      assert.equal(download.suggestedFilename(), `${NAME}.xlsx`);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
      const sheet = book.getWorksheet('Portfolio')!;
      const header = sheet.getRow(1).values as unknown[];
      const idColumn = header.indexOf('Donor ID');
      const feedbackColumn = header.indexOf('Feedback');
      assert.equal(sheet.rowCount, 4);
      assert.deepEqual(
        [2, 3, 4].map((r) => String(sheet.getRow(r).getCell(idColumn).value)),
        ordered,
        'the spreadsheet keeps the portfolio order',
      );
      assert.equal(sheet.getRow(2).getCell(feedbackColumn).value, 'yes');

      await page.getByRole('button', { name: 'Submit portfolio' }).click();
      const submit = page.getByRole('dialog', { name: 'Submit portfolio' });
      await submit.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('Your portfolio is submitted').waitFor();
      assert.equal(await page.getByRole('group', { name: /Feedback on donor/ }).count(), 0);

      // A match request for the donor the client liked, from her portfolio card.
      const liked = page.getByRole('article', { name: `Donor ${ordered[0]}`, exact: true });
      await liked.getByRole('button', { name: 'Request a match' }).click();
      await page.getByText('Match requested successfully.').first().waitFor();
      await liked.getByText('Waiting to Confirm').waitFor();
    } finally {
      await client.context.close();
    }

    const confirming = await newPage(browser);
    try {
      const { page } = confirming;
      await login(page, MANAGER);
      await go(page, `/previewshortlist/${portfolioId}`);
      await page.getByRole('heading', { name: NAME, level: 1 }).waitFor();
      const liked = page.getByRole('article', { name: `Donor ${ordered[0]}`, exact: true });
      await liked.getByRole('button', { name: 'Confirm match for Jordan Parent133' }).click();
      await page.getByText('Match confirmed successfully.').first().waitFor();
      await liked.getByText('In Cycle', { exact: true }).first().waitFor();
      await assertAccessible(page);

      // The donor's page says In Cycle, and her profile downloads as a PDF that opens.
      await liked.getByRole('link', { name: `View profile of donor ${ordered[0]}` }).click();
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByText('In Cycle', { exact: true }).first().waitFor();
      await page.getByRole('link', { name: 'Download PDF' }).click();
      await page.getByRole('heading', { level: 1, name: 'Donor PDF' }).waitFor();
      await page.getByText(`Donor ID ${ordered[0]}`).waitFor({ timeout: 30_000 });
      const [pdf] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Download', exact: true }).click(),
      ]);
      assert.equal(pdf.suggestedFilename(), `donor-${ordered[0]}.pdf`);
      const document = await PDFDocument.load(await readFile((await pdf.path())!));
      assert.ok(document.getPageCount() >= 1);
    } finally {
      await confirming.context.close();
    }
  });

  it('a Pre-Active client adding a donor is offered a question or consultation instead, which reaches the case manager', async () => {
    const client = await newPage(browser);
    try {
      const { page } = client;
      await login(page, 'parent111@demo.test');
      await go(page, '/search');
      const cards = page.getByRole('article');
      await cards.first().waitFor();
      await cards
        .first()
        .getByRole('button', { name: /^Add to portfolio/ })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Contact your case manager' });
      await dialog.getByRole('button', { name: 'Send' }).click();
      await dialog.getByText('Please add your question first').waitFor();
      await dialog.getByRole('radio', { name: 'Request a consultation' }).check();
      await dialog
        .getByRole('textbox', { name: 'Your message' })
        .fill('Could we talk about this donor on Friday?');
      await assertAccessible(page);
      await dialog.getByRole('button', { name: 'Send' }).click();
      await dialog.waitFor({ state: 'hidden' });
      assert.equal(await page.getByRole('dialog', { name: /to a portfolio$/ }).count(), 0);
    } finally {
      await client.context.close();
    }

    const mail = await newestMailTo('manager111@demo.test', (m) =>
      m.html.includes('Could we talk about this donor on Friday?'),
    );
    assert.ok(mail, 'the consultation request is e-mailed to the default case manager');
  });
});

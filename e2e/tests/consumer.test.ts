import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { login } from '../lib/auth.js';
import { assertAccessible, go, newPage, route, useBrowser } from '../lib/browser.js';
import { newestMailTo } from '../lib/mail.js';
import { DESKTOP, NARROW, outsideHeader } from '../lib/reflow.js';

const browser = useBrowser();

// Data of this scenario only: the consumer center's client seeded for it (no other scenario signs
// her in: her tour and concierge request stay hers) and an article that is deleted at the end.
const CLIENT = 'newparent111@demo.test';
const ADMIN = 'admin111@demo.test';
const ARTICLE = 'E2E questions to ask your clinic';
const ARTICLE_TEXT = 'Ask how many cycles the clinic runs a year.';

/** The name of the element that has the keyboard focus. */
async function focusedText(page: Page): Promise<string> {
  return page.evaluate(() => (document.activeElement as HTMLElement | null)?.textContent?.trim() ?? '');
}

/** Presses Tab until the focus is on the button named `name` (at most 10 times), then Enter. */
async function tabTo(page: Page, name: string): Promise<void> {
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press('Tab');
    if ((await focusedText(page)) === name) {
      await page.keyboard.press('Enter');
      return;
    }
  }
  assert.fail(`the keyboard never reached "${name}"`);
}

describe('consumer center pages: site tour, education resources, concierge upgrade', () => {
  it('the agency admin publishes an article for her clients', async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, ADMIN);
      await page.getByRole('navigation').getByRole('link', { name: 'Education resources' }).click();
      await page.getByRole('heading', { level: 1, name: 'Education resources' }).waitFor();
      const table = page.getByRole('table', { name: 'Articles of your agency' });
      await table.getByRole('row', { name: /How egg donation works/ }).waitFor();
      await assertAccessible(page, '/education-resources/articles (admin)');

      await page.getByRole('button', { name: 'Add article' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add article' });
      await dialog.getByRole('textbox', { name: /Link/ }).fill('javascript:alert(1)');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText('Please enter a title.').waitFor();
      await dialog.getByText('The link must be a web address starting with http:// or https://.').waitFor();
      await assertAccessible(page, '/education-resources/articles (add dialog)');
      await dialog.getByRole('textbox', { name: /Title/ }).fill(ARTICLE);
      await dialog.getByRole('textbox', { name: /Summary/ }).fill('Five questions for your first visit.');
      await dialog
        .getByRole('textbox', { name: /^Text/ })
        .fill(`${ARTICLE_TEXT}\n\nAsk about their success rates.`);
      await dialog.getByRole('textbox', { name: /Link/ }).fill('');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const row = table.getByRole('row', { name: new RegExp(ARTICLE) });
      await row.getByText('Draft').waitFor();
      await row.getByRole('button', { name: `Publish ${ARTICLE}` }).click();
      await row.getByText('Published').waitFor();
    } finally {
      await context.close();
    }
  });

  it('a new client takes the site tour with the keyboard, reads the article and asks for the concierge upgrade', async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, CLIENT);
      await page.waitForURL((url) => url.hash === '#/');
      // First visit: the tour is offered above the page.
      const offer = page.getByRole('region', { name: 'New here? Take the site tour' });
      await offer.waitFor();
      await assertAccessible(page, '/ (site tour offer)');
      await offer.getByRole('button', { name: 'Start the tour' }).focus();
      await page.keyboard.press('Enter');
      const tour = page.getByRole('dialog', { name: 'Site tour' });
      await tour.getByText('Step 1 of 9').waitFor();
      await page.waitForFunction(() => document.activeElement?.tagName === 'H2');
      assert.equal(await focusedText(page), 'Welcome to Donor Match Direct');
      await assertAccessible(page, '/ (site tour dialog)');
      // Next with the keyboard, then the arrow keys; each step's heading takes the focus.
      await tabTo(page, 'Next');
      await tour.getByText('Step 2 of 9').waitFor();
      await page.waitForFunction(() => document.activeElement?.textContent === 'Search donors');
      await page.keyboard.press('ArrowRight');
      await tour.getByText('Step 3 of 9').waitFor();
      await page.keyboard.press('ArrowLeft');
      await tour.getByText('Step 2 of 9').waitFor();
      for (let step = 3; step <= 9; step++) {
        await page.keyboard.press('ArrowRight');
        await tour.getByText(`Step ${step} of 9`).waitFor();
      }
      assert.equal(await focusedText(page), 'Learn and get help');
      await tabTo(page, 'Finish');
      await tour.waitFor({ state: 'hidden' });
      await offer.waitFor({ state: 'hidden' });
      // Remembered on the server: not offered again after a reload; the menu still has it.
      await page.reload();
      await page.getByRole('navigation').getByRole('link', { name: 'Site tour' }).waitFor();
      assert.equal(await offer.count(), 0);
      await page.getByRole('navigation').getByRole('link', { name: 'Site tour' }).click();
      await page.getByRole('dialog', { name: 'Site tour' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Take the tour again' }).waitFor();
      await assertAccessible(page, '/site-tour');

      // The article the admin published.
      await page.getByRole('navigation').getByRole('link', { name: 'Education resources' }).click();
      await page.getByRole('heading', { level: 1, name: 'Education resources' }).waitFor();
      await page.getByRole('button', { name: new RegExp(ARTICLE) }).click();
      await page.getByText(ARTICLE_TEXT).waitFor();
      // The admin's drafts stay hers.
      assert.equal(await page.getByRole('button', { name: /Understanding donor screening/ }).count(), 0);
      await assertAccessible(page, '/education-resources/articles (client)');

      // On a phone the offer reads "Concierge" (its name stays whole) and nothing in the header
      // sticks out of its bar.
      await page.setViewportSize(NARROW);
      assert.deepEqual(await outsideHeader(page), [], 'header at 320 px');
      const upgrade = page.getByRole('button', { name: 'Upgrade to concierge' });
      await upgrade.getByText('Concierge', { exact: true }).waitFor();
      await page.setViewportSize(DESKTOP);
      await upgrade.getByText('Upgrade to concierge', { exact: true }).waitFor();

      // The concierge upgrade: mandatory fields and the privacy policy enforced.
      await page.getByRole('button', { name: 'Upgrade to concierge' }).click();
      const dialog = page.getByRole('dialog', { name: 'Upgrade to the concierge membership' });
      const first = dialog.getByRole('textbox', { name: /First name/ });
      assert.equal(await first.inputValue(), 'Riley');
      assert.equal(
        await dialog.getByRole('textbox', { name: /Contact number/ }).inputValue(),
        '(555) 011-1222',
      );
      await first.fill('');
      await dialog.getByRole('button', { name: 'Request the upgrade' }).click();
      await dialog.getByText('Please enter First Name').waitFor();
      await dialog.getByText('Please accept the privacy policy.').waitFor();
      // The invalid field takes the focus.
      await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true');
      await assertAccessible(page, '/ (concierge dialog)');
      const privacyHref = await dialog.getByRole('link', { name: /privacy policy/ }).getAttribute('href');
      assert.equal(privacyHref, '#/privacy-policy');
      await first.fill('Riley');
      await dialog.getByRole('checkbox', { name: 'You may leave me a voicemail' }).check();
      await dialog.getByRole('checkbox', { name: 'I have read and accept the privacy policy' }).check();
      await dialog.getByRole('button', { name: 'Request the upgrade' }).click();
      await dialog
        .getByText(
          'Thank you! Your concierge membership request has been sent. Our team will contact you shortly.',
        )
        .waitFor();
      await dialog.getByRole('button', { name: 'Done' }).click();
      await page.getByText('Concierge requested').waitFor();
      await page.reload();
      await page.getByText('Concierge requested').waitFor();
      assert.equal(await page.getByRole('button', { name: 'Upgrade to concierge' }).count(), 0);
    } finally {
      await context.close();
    }
    const confirmation = await newestMailTo(CLIENT, (m) =>
      m.subject.includes('concierge membership request'),
    );
    assert.match(confirmation.text, /Our team will contact you shortly/);
    const toManager = await newestMailTo('manager111@demo.test', (m) =>
      m.subject.includes('Riley Newcomer asks for the concierge membership'),
    );
    assert.match(toManager.html, /#\/conciergerequests/);
  });

  it('the privacy policy is a page of its own, open to anyone', async () => {
    const { context, page } = await newPage(browser);
    try {
      await go(page, '/privacy-policy');
      await page.getByRole('heading', { level: 1, name: 'Privacy policy' }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'Who sees it' }).waitFor();
      await assertAccessible(page, '/privacy-policy');
    } finally {
      await context.close();
    }
  });

  it('the staff see the request and mark it handled; the admin deletes her article again', async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, ADMIN);
      await page.getByRole('navigation').getByRole('link', { name: 'Concierge requests' }).click();
      const table = page.getByRole('table', { name: 'Open concierge requests' });
      const row = table.getByRole('row', { name: /Riley Newcomer/ });
      await row.waitFor();
      await assertAccessible(page, '/conciergerequests');
      await row.getByRole('button', { name: 'Mark handled: Riley Newcomer' }).click();
      const dialog = page.getByRole('dialog', { name: 'Mark the request handled' });
      await dialog.getByRole('textbox', { name: /Note/ }).fill('Called her, starts next week.');
      await assertAccessible(page, '/conciergerequests (handle dialog)');
      await dialog.getByRole('button', { name: 'Mark handled' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('tab', { name: 'Handled' }).click();
      await page
        .getByRole('table', { name: 'Handled concierge requests' })
        .getByText(/Called her, starts next week\./)
        .waitFor();

      await go(page, '/education-resources/articles');
      const articles = page.getByRole('table', { name: 'Articles of your agency' });
      await articles.getByRole('button', { name: `Delete ${ARTICLE}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete article' });
      await assertAccessible(page, '/education-resources/articles (delete confirmation)');
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await articles.getByRole('row', { name: new RegExp(ARTICLE) }).waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });

  it("a client of another agency is sent to /unauthorize from the tour and never sees 111's resources", async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, 'parent85@demo.test');
      await go(page, '/site-tour');
      await page.waitForURL((url) => url.hash === '#/unauthorize');
      assert.equal(route(page), '/unauthorize');
      assert.equal(await page.getByRole('button', { name: 'Upgrade to concierge' }).count(), 0);
      await go(page, '/education-resources/articles');
      await page.getByText('No articles yet. Please look again soon.').waitFor();
    } finally {
      await context.close();
    }
  });
});

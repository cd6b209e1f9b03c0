import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { login } from '../lib/auth.js';
import { assertAccessible, go, newPage, useBrowser } from '../lib/browser.js';

const browser = useBrowser();

const MANAGER = 'manager@demo.test';
const PARENT = 'parent@demo.test';

/** The unread count the bell's accessible name says. */
async function bellCount(page: Page): Promise<number> {
  const bell = page.getByRole('button', { name: /^Notifications, / });
  await bell.waitFor();
  const label = (await bell.getAttribute('aria-label')) ?? '';
  const match = label.match(/(\d+) unread/);
  return match ? Number(match[1]) : 0;
}

/** Waits until the bell shows `n` (a reload is fine here; the socket makes it live after merge). */
async function waitForCount(page: Page, n: number): Promise<void> {
  for (let i = 0; i < 10; i++) {
    if ((await bellCount(page)) === n) return;
    await page.reload();
  }
  assert.equal(await bellCount(page), n);
}

describe('notifications', () => {
  it("a case manager shares the portfolio with the parent; the parent's bell counts it, the list reads it", async () => {
    const parent = await newPage(browser);
    const manager = await newPage(browser);
    try {
      await login(parent.page, PARENT);
      await go(parent.page, '/notifications');
      await parent.page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
      const before = await bellCount(parent.page);

      // The manager shares the demo portfolio (already the parent's) with the parent.
      await login(manager.page, MANAGER);
      await go(manager.page, '/portfoliolistpage');
      const link = manager.page.getByRole('link', { name: 'Demo portfolio', exact: true });
      await link.waitFor();
      const id = Number((await link.getAttribute('href'))!.split('/').pop());
      await go(manager.page, `/shortlist/${id}`);
      await manager.page.getByRole('button', { name: 'Share with client' }).click();
      const share = manager.page.getByRole('dialog', { name: 'Share portfolio with the client' });
      await share.getByRole('textbox', { name: 'Client e-mail' }).fill(PARENT);
      await share.getByRole('button', { name: 'Share' }).click();
      await share.waitFor({ state: 'hidden' });

      await waitForCount(parent.page, before + 1);
      const { page } = parent;
      const bell = page.getByRole('button', { name: `Notifications, ${before + 1} unread` });
      await bell.click();
      const popover = page.getByRole('dialog', { name: 'Latest notifications' });
      await popover
        .getByText(/shared the portfolio/)
        .first()
        .waitFor();
      await assertAccessible(page, 'notification bell open');
      await page.keyboard.press('Escape');

      const row = page.getByRole('row').filter({ hasText: 'shared the portfolio Demo portfolio' }).first();
      await row.waitFor();
      await assertAccessible(page);
      await row.getByRole('button', { name: /^Mark read:/ }).click();
      await page
        .getByRole('button', { name: `Notifications, ${before === 0 ? 'none' : before} unread` })
        .waitFor();
      assert.equal(await bellCount(page), before);

      // Opening a notification goes to its link.
      await row.getByRole('button', { name: /^Open:/ }).click();
      await page.waitForURL((url) => url.hash.startsWith(`#/previewshortlist/${id}`));
    } finally {
      await parent.context.close();
      await manager.context.close();
    }
  });

  it('the unsubscribe page asks first and answers neutrally', async () => {
    const visitor = await newPage(browser);
    try {
      const { page } = visitor;
      await go(page, '/unsubscribe/999999/nobody%40demo.test/Pat');
      await page.getByText(/Hello Pat/).waitFor();
      await assertAccessible(page);
      await page.getByRole('button', { name: 'Turn off notification e-mails' }).click();
      await page.getByText(/If this link belongs to an account/).waitFor();
    } finally {
      await visitor.context.close();
    }
  });
});

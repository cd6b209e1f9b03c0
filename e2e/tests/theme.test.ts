import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { login } from '../lib/auth.js';
import { assertAccessible, go, newPage, useBrowser } from '../lib/browser.js';
import { MIN_CONTRAST, stateContrasts } from '../lib/contrast.js';

const browser = useBrowser();

/** The contrast of the current page's menu entry, which must be there and be the named one. */
async function activeMenuItem(page: Page, name: string) {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name, exact: true }).first().waitFor();
  const found = await stateContrasts(page, ['nav a[data-active]']);
  assert.equal(found.length, 1, `one active menu entry, found ${JSON.stringify(found)}`);
  assert.equal(found[0].text, name);
  return found[0];
}

describe('theme contrast', () => {
  it("the current page's menu entry is readable, at rest and under the pointer, for every role", async () => {
    const cases: [string, string, string][] = [
      ['admin@demo.test', '/viewclient', 'Users'],
      ['manager@demo.test', '/viewdonor', 'Donors'],
      ['parent@demo.test', '/favorites', 'Favorites'],
      ['master@demo.test', '/viewclient', 'Users'],
    ];
    for (const [user, path, label] of cases) {
      const { context, page } = await newPage(browser);
      try {
        await login(page, user);
        await go(page, path);
        const atRest = await activeMenuItem(page, label);
        assert.ok(atRest.ratio >= MIN_CONTRAST, `${user} ${path}: ${JSON.stringify(atRest)}`);
        await page
          .getByRole('navigation', { name: 'Main navigation' })
          .getByRole('link', { name: label, exact: true })
          .first()
          .hover();
        const hovered = await activeMenuItem(page, label);
        assert.ok(
          hovered.ratio >= MIN_CONTRAST,
          `${user} ${path} under the pointer: ${JSON.stringify(hovered)}`,
        );
        await assertAccessible(page);
      } finally {
        await context.close();
      }
    }
  });

  it('the selected item of a segmented control is readable', async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, 'admin@demo.test');
      await go(page, '/crontable');
      await page.getByRole('radiogroup').first().waitFor();
      const selected = await stateContrasts(page, [
        '.mantine-SegmentedControl-label[data-active]',
        '.mantine-Chip-label[data-checked]',
        '[aria-checked="true"]',
      ]);
      assert.ok(selected.length > 0, 'the cron table shows a selected status');
      for (const f of selected) assert.ok(f.ratio >= MIN_CONTRAST, JSON.stringify(f));
      await assertAccessible(page);
    } finally {
      await context.close();
    }
  });
});

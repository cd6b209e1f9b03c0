import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page, Response } from 'playwright-core';
import { login } from '../lib/auth.js';
import { assertAccessible, go, newPage, route, useBrowser } from '../lib/browser.js';
import { NARROW, outsideHeader, PHONE } from '../lib/reflow.js';

interface Row {
  id: number;
  eyeColor: string | null;
  heightCm: number | null;
}
interface Answer {
  data: { rows: Row[]; total: number; page: number };
}

const browser = useBrowser();

const isSearch = (r: Response) => r.url().includes('/api/getdonorlist') && r.request().method() === 'POST';

/** Does `act` and returns the body and answer of the search it caused (the first that `wanted`). */
async function searched(
  page: Page,
  act: () => Promise<void>,
  wanted: (body: Record<string, unknown>) => boolean = () => true,
) {
  const [response] = await Promise.all([
    page.waitForResponse((r) => isSearch(r) && wanted(r.request().postDataJSON())),
    act(),
  ]);
  assert.equal(response.status(), 200);
  return {
    body: response.request().postDataJSON() as Record<string, unknown>,
    answer: ((await response.json()) as Answer).data,
  };
}

/** Opens /search and waits for its first answer; returns the number of donors found. */
async function openSearch(page: Page): Promise<number> {
  await go(page, '/search');
  await page.waitForURL((url) => url.hash.startsWith('#/search'));
  const status = page.getByRole('status').filter({ hasText: /donors found/ });
  await status.waitFor();
  return Number(/(\d+) donors found/.exec((await status.textContent()) ?? '')![1]);
}

/** Expands a filter section unless it is open already. */
async function openSection(page: Page, name: string) {
  const control = page.getByRole('button', { name, exact: true });
  if ((await control.getAttribute('aria-expanded')) !== 'true') await control.click();
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function chooseMany(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

describe('donor search as an intended parent', () => {
  it('filters, sorts, pages, opens a donor and re-runs a saved search', async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, 'parent@demo.test');
      const total = await openSearch(page);

      // Filter on an eye colour: every donor found has it.
      await openSection(page, 'Donor attributes');
      await chooseMany(page, 'Eye colour', 'Blue');
      const blue = await searched(page, () =>
        page.getByRole('button', { name: 'Search', exact: true }).click(),
      );
      assert.deepEqual(blue.body.eyecolor, ['Blue']);
      assert.ok(blue.answer.total > 0 && blue.answer.total < total);
      assert.ok(blue.answer.rows.every((r) => r.eyeColor === 'Blue'));

      // Sort by height, smallest first.
      const tall = await searched(page, () => choose(page, 'Sort by', 'Height'));
      assert.equal(tall.body.sortby, 'Height');
      const heights = tall.answer.rows.flatMap((r) => (r.heightCm === null ? [] : [r.heightCm]));
      assert.deepEqual(
        heights,
        [...heights].sort((a, b) => a - b),
      );

      // Back to all donors, then page 2.
      await page.getByRole('button', { name: 'Reset filters' }).click();
      await page.getByText(`${total} donors found`).waitFor();
      const second = await searched(page, () => page.getByRole('button', { name: 'Page 2' }).click());
      assert.equal(second.body.currentPage, 2);
      assert.equal(second.answer.page, 2);

      // A card links to the donor's details.
      const donorId = second.answer.rows[0]!.id;
      await page.locator(`a[href="#/donordetails/${donorId}"]`).first().click();
      await page.waitForURL((url) => url.hash.startsWith(`#/donordetails/${donorId}`));
      assert.equal(route(page), `/donordetails/${donorId}`);

      // Save a search and run it again from the saved-search picker.
      await openSearch(page);
      await openSection(page, 'Donor attributes');
      await chooseMany(page, 'Eye colour', 'Green');
      await page.getByRole('button', { name: 'Save search' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save search' });
      const name = `Green eyes ${Date.now()}`;
      await dialog.getByLabel('Search name').fill(name);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Reset filters' }).click();
      const rerun = await searched(
        page,
        () => choose(page, 'Saved searches', name),
        (b) => b.searchId !== undefined,
      );
      assert.deepEqual(rerun.body.eyecolor, ['Green']);
      assert.equal(typeof rerun.body.searchId, 'number');
    } finally {
      await context.close();
    }
  });

  it('has no serious accessibility violations on /search', async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, 'parent@demo.test');
      await openSearch(page);
      await openSection(page, 'Test scores');
      await assertAccessible(page);
    } finally {
      await context.close();
    }
  });
});

describe('donor search on a phone', () => {
  it('keeps the header on one line and shows the donors before the folded filters', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.setViewportSize(PHONE);
      await login(page, 'parent@demo.test');
      await openSearch(page);
      // The name and role stayed in the bar at 390 px (and at 320 px).
      assert.deepEqual(await outsideHeader(page), [], 'header at 390 px');
      await page.setViewportSize(NARROW);
      assert.deepEqual(await outsideHeader(page), [], 'header at 320 px');
      await page.setViewportSize(PHONE);

      // The filters are folded behind a button; the results come first.
      const toggle = page.getByRole('button', { name: 'Filters', exact: true });
      const filters = page.getByRole('form', { name: 'Search filters' });
      const card = page.getByRole('article', { name: /^Donor / }).first();
      await card.waitFor();
      assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
      assert.equal(await filters.isVisible(), false);
      const [button, first] = [await toggle.boundingBox(), await card.boundingBox()];
      assert.ok(button && first && button.y + button.height <= first.y, 'the button comes before the donors');
      assert.ok(first.y < PHONE.height, 'a donor card shows on the first screen');

      // Unfolded, the filters run a search with their own button, which folds them away again.
      await toggle.click();
      await filters.waitFor();
      assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
      await openSection(page, 'Donor attributes');
      await chooseMany(page, 'Eye colour', 'Blue');
      const blue = await searched(page, () => page.getByRole('button', { name: 'Show results' }).click());
      assert.deepEqual(blue.body.eyecolor, ['Blue']);
      await filters.waitFor({ state: 'hidden' });
      await page.getByText(`${blue.answer.total} donors found`).waitFor();
      assert.equal(await toggle.evaluate((e) => e === document.activeElement), true);
      await assertAccessible(page);
    } finally {
      await context.close();
    }
  });
});

describe('saved searches as a case manager', () => {
  it('saves a search and runs it from /searchlistpage', async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, 'manager@demo.test');
      await openSearch(page);
      await openSection(page, 'Donor attributes');
      await chooseMany(page, 'Hair colour', 'Red');
      await page.getByRole('button', { name: 'Save search' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save search' });
      const name = `Red hair ${Date.now()}`;
      await dialog.getByLabel('Search name').fill(name);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });

      await go(page, '/searchlistpage');
      await page.getByRole('cell', { name, exact: true }).waitFor();
      await assertAccessible(page);
      const run = await searched(
        page,
        () => page.getByRole('link', { name: `Run ${name}` }).click(),
        (b) => b.searchId !== undefined,
      );
      assert.deepEqual(run.body.haircolor, ['Red']);
      assert.equal(typeof run.body.searchId, 'number');
      assert.equal(route(page), '/search');
    } finally {
      await context.close();
    }
  });
});

describe('donor comparison as a case manager', () => {
  it('ticks two search results and compares them side by side', async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, 'manager@demo.test');
      await openSearch(page);
      const cards = page.getByRole('article', { name: /^Donor / });
      await cards.nth(1).waitFor();
      const ids: string[] = [];
      for (const n of [0, 1]) {
        const id = ((await cards.nth(n).getAttribute('aria-label')) ?? '').replace(/^Donor /, '');
        ids.push(id);
        await cards
          .nth(n)
          .getByRole('checkbox', { name: `Compare donor ${id}` })
          .check();
      }
      const compare = page.getByRole('link', { name: 'Compare selected (2/3)' });
      assert.equal(await compare.getAttribute('aria-disabled'), 'false');
      await compare.click();
      await page.getByRole('heading', { level: 1, name: 'Compare donors' }).waitFor();
      assert.match(route(page), /^\/comparedonors\?ids=\d+,\d+$/);
      const table = page.getByRole('table', { name: 'Donors side by side' });
      await table.waitFor();
      // One column per donor, each headed by the id the search card showed.
      const heads = table.getByRole('columnheader');
      assert.equal(await heads.count(), 2);
      for (const [n, id] of ids.entries()) {
        assert.match((await heads.nth(n).textContent()) ?? '', new RegExp(`\\(${id}\\)`));
      }
      await assertAccessible(page);
    } finally {
      await context.close();
    }
  });
});

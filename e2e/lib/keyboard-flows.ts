import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, login } from './auth.js';
import { assertAccessible, newPage, sameOrigin } from './browser.js';

/**
 * The main flows done with the keyboard alone: Tab, Shift+Tab, Enter, Space, Escape and
 * the arrow keys, never a click. At every step the focused element must show a focus indicator.
 */

/** How the focused element shows its focus: its outline or box-shadow, or why there is none. */
export async function focusIndicator(page: Page): Promise<{ what: string; visible: boolean; how: string }> {
  return page.evaluate(() => {
    let el = document.activeElement as HTMLElement | null;
    // Inside an iframe or shadow root the outer element is what carries the ring.
    if (!el || el === document.body) return { what: 'body', visible: false, how: 'nothing focused' };
    const label = `${el.tagName.toLowerCase()}${el.getAttribute('aria-label') ? `[${el.getAttribute('aria-label')}]` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
    // Mantine draws the ring on the element or, for some inputs, on a wrapper it marks.
    for (let depth = 0; el && depth < 3; depth++, el = el.parentElement) {
      const style = getComputedStyle(el);
      const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
      if (outline)
        return { what: label, visible: true, how: `outline ${style.outlineWidth} ${style.outlineColor}` };
      if (style.boxShadow && style.boxShadow !== 'none')
        return { what: label, visible: true, how: `box-shadow ${style.boxShadow}` };
    }
    return { what: label, visible: false, how: 'no outline or box-shadow' };
  });
}

/** Fails unless the focused element shows its focus. */
export async function assertVisibleFocus(page: Page, step: string): Promise<void> {
  const focus = await focusIndicator(page);
  assert.ok(focus.visible, `${step}: focus on ${focus.what} is not visible (${focus.how})`);
}

/**
 * Presses Tab (or Shift+Tab) until the focused element matches, checking the focus is visible at
 * each stop; fails after `limit` presses.
 */
export async function tabTo(
  page: Page,
  matches: (el: { role: string; name: string; tag: string; label: string }) => boolean,
  step: string,
  options: { back?: boolean; limit?: number } = {},
): Promise<void> {
  const limit = options.limit ?? 60;
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab');
    const el = await page.evaluate(() => {
      const a = document.activeElement as HTMLElement | null;
      if (!a) return { role: '', name: '', tag: '', label: '' };
      const labelled = a.getAttribute('aria-labelledby');
      const labels = (a as HTMLInputElement).labels;
      const label =
        a.getAttribute('aria-label') ??
        (labelled ? document.getElementById(labelled)?.textContent : null) ??
        (labels?.[0] ? labels[0].textContent : null) ??
        '';
      return {
        role: a.getAttribute('role') ?? '',
        name: (a.textContent ?? '').trim(),
        tag: a.tagName.toLowerCase(),
        label: (label ?? '').trim(),
      };
    });
    // Nothing focused (the document itself) has no ring to show: the next Tab enters the page.
    if (el.tag !== 'body' && el.tag !== '') {
      const focus = await focusIndicator(page);
      // A page that re-rendered between the two reads (data arriving after a page change) drops
      // the focus to the document: nothing is focused, so there is no ring to check yet.
      if (focus.what !== 'body')
        assert.ok(
          focus.visible,
          `${step} (stop ${i + 1}): focus on ${focus.what} is not visible (${focus.how})`,
        );
    }
    if (matches(el)) return;
  }
  assert.fail(`${step}: not reached with ${limit} presses of ${options.back ? 'Shift+Tab' : 'Tab'}`);
}

/** Types into the focused field (typing is the keyboard too). */
export async function type(page: Page, text: string): Promise<void> {
  await page.keyboard.type(text);
}

/** Logs in with the keyboard alone: Tab to each field, type, Enter. */
export async function keyboardLogin(page: Page, username: string): Promise<void> {
  await page.goto('/#/login');
  await page.getByRole('button', { name: 'Login' }).waitFor();
  await tabTo(page, (e) => e.label.startsWith('Email address'), 'log in: e-mail field');
  await type(page, username);
  await tabTo(page, (e) => e.label.startsWith('Password'), 'log in: password field');
  await type(page, DEMO_PASSWORD);
  await page.keyboard.press('Enter');
}

/** Tabs to a button or link by its accessible name (text or aria-label) and presses a key on it. */
export async function activate(
  page: Page,
  name: string | RegExp,
  step: string,
  key: 'Enter' | ' ' = 'Enter',
) {
  const test = (text: string) => (typeof name === 'string' ? text === name : name.test(text));
  const target = (e: { tag: string; label: string; name: string }) =>
    (e.tag === 'button' || e.tag === 'a') && (test(e.label) || test(e.name));
  await tabTo(page, target, step);
  // Data arriving after the last Tab can re-render the page and drop the focus to the document;
  // a keyboard user then tabs to the control again, and so does the flow (once).
  const still = await page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    return {
      tag: a?.tagName.toLowerCase() ?? '',
      label: a?.getAttribute('aria-label') ?? '',
      name: (a?.textContent ?? '').trim(),
    };
  });
  if (!target(still)) await tabTo(page, target, `${step} (again, the focus was lost to a re-render)`);
  await page.keyboard.press(key);
}

/**
 * `activate`, then `happened` (what the press should do; false after its own short wait). When
 * the press reached nothing (a late answer re-rendered the control under it: seen in CI), the
 * log says where the focus was, so a control that ignores the key would show there, and the
 * flow presses again once, as a keyboard user would.
 */
export async function activateUntil(
  page: Page,
  name: string | RegExp,
  step: string,
  happened: () => Promise<boolean>,
): Promise<void> {
  await activate(page, name, step);
  if (await happened()) return;
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200) ?? '');
  console.log(`${step}: the key press took no effect (focus on ${focused}); pressing again`);
  await activate(page, name, `${step} (again)`);
  assert.ok(await happened(), `${step}: the key press took effect`);
}

/** Whether `promise` settles within `ms` (for activateUntil's checks). */
const within = (promise: Promise<unknown>, ms: number): Promise<boolean> =>
  Promise.race([
    promise.then(
      () => true,
      () => false,
    ),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);

/**
 * Picks an option of the focused combobox with the keyboard: types to filter, then ArrowDown
 * until the option is the active one, Enter, Escape to close the list.
 */
export async function pickOption(page: Page, option: string, step: string): Promise<void> {
  await type(page, option);
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('ArrowDown');
    const active = await page.evaluate(() => {
      const selected = document.querySelector('[data-combobox-selected]');
      return selected?.textContent?.trim() ?? '';
    });
    if (active === option) {
      await page.keyboard.press('Enter');
      await page.keyboard.press('Escape');
      return;
    }
  }
  assert.fail(`${step}: option ${option} not reached with the arrow keys`);
}

/**
 * Accepts the terms with the keyboard when they are shown (a first login): the text is focusable,
 * End scrolls it to its end. Returns once the page has left /login.
 */
export async function keyboardAcceptTerms(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Terms and Conditions' });
  const left = page.waitForURL((url) => !url.hash.startsWith('#/login')).then(() => 'left' as const);
  const shown = dialog.waitFor().then(() => 'terms' as const);
  const which = await Promise.race([left, shown]);
  left.catch(() => {});
  shown.catch(() => {});
  if (which === 'left') return;
  // The text loads after the dialog shows; Accept is enabled once it is there.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[role="dialog"] button')].some(
      (b) => b.textContent?.trim() === 'Accept' && !(b as HTMLButtonElement).disabled,
    ),
  );
  await tabTo(page, (e) => e.tag === 'div' || e.label === 'Terms and Conditions', 'terms: the text', {
    limit: 10,
  });
  await page.keyboard.press('End');
  // End scrolls the focused text; Accept checks that it reached its end, so wait until it has.
  await page.waitForFunction(() => {
    const el = document.activeElement as HTMLElement | null;
    return el !== null && el.scrollTop + el.clientHeight >= el.scrollHeight - 4;
  });
  await activate(page, 'Accept', 'terms: Accept');
  await dialog.waitFor({ state: 'hidden' });
  await page.waitForURL((url) => !url.hash.startsWith('#/login'));
}

export function keyboardFlows(browser: () => Browser): void {
  describe('keyboard-only flows', () => {
    it('a case manager logs in, searches and filters, opens a donor and adds her to a portfolio, with the keyboard alone', async () => {
      const { context, page } = await newPage(browser());
      try {
        await keyboardLogin(page, 'manager@demo.test');
        await page.waitForURL((url) => url.hash === '#/');
        await page
          .getByRole('status')
          .filter({ hasText: /donors found/ })
          .waitFor();

        // The page's other calls (saved searches, counts) re-render it when they answer: walk once
        // they have.
        await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {});
        // Search and filter: open the attributes section, choose an eye colour, search.
        await activateUntil(page, 'Donor attributes', 'search: attributes section', () =>
          within(page.getByRole('button', { name: 'Donor attributes', expanded: true }).waitFor(), 2000),
        );
        await tabTo(page, (e) => e.label.startsWith('Eye colour'), 'search: eye colour');
        await pickOption(page, 'Blue', 'search: eye colour');
        const [searched] = await Promise.all([
          page.waitForResponse(
            (r) => r.url().includes('/api/getdonorlist') && r.request().method() === 'POST',
          ),
          activate(page, 'Search', 'search: Search button'),
        ]);
        assert.deepEqual(searched.request().postDataJSON().eyecolor, ['Blue']);
        const rows = ((await searched.json()) as { data: { rows: { eyeColor: string | null }[] } }).data.rows;
        assert.ok(rows.length > 0 && rows.every((r) => r.eyeColor === 'Blue'));
        await assertAccessible(page, 'search filtered with the keyboard');

        // Add the first donor found to the manager's portfolio from her card.
        const card = page.getByRole('article').first();
        const label = (await card.getAttribute('aria-label'))!.replace(/^Donor /, '');
        await activate(page, `Add to portfolio: donor ${label}`, 'add to portfolio: card button');
        const dialog = page.getByRole('dialog', { name: `Add donor ${label} to a portfolio` });
        await dialog.waitFor();
        await assertAccessible(page, 'add to portfolio dialog');
        await tabTo(page, (e) => e.tag === 'input' && e.label.length > 0, 'add to portfolio: a portfolio');
        await page.keyboard.press(' ');
        const [added] = await Promise.all([
          page.waitForResponse((r) => r.url().includes('/api/saveshortlist')),
          activate(page, 'Add to portfolio', 'add to portfolio: confirm'),
        ]);
        assert.equal(added.status(), 200);
        await dialog.waitFor({ state: 'hidden' });

        // Open the donor: her profile link on the card.
        await tabTo(page, (e) => e.label === `View profile of donor ${label}`, 'open a donor: profile link', {
          back: true,
        });
        await page.keyboard.press('Enter');
        await page.waitForURL((url) => url.hash.startsWith('#/donordetails/'));
        await page.getByRole('heading', { level: 1 }).waitFor();
        await assertAccessible(page, 'donor opened with the keyboard');
      } finally {
        await context.close();
      }
    });

    it('a case manager sends a message with the keyboard alone', async () => {
      const { context, page } = await newPage(browser());
      try {
        await keyboardLogin(page, 'manager@demo.test');
        await page.waitForURL((url) => url.hash === '#/');
        await activate(page, 'Messages', 'message: navigation link');
        await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
        await tabTo(
          page,
          (e) => e.tag === 'button' && /^Chat with Jordan Parent/.test(e.label || e.name),
          'message: chat',
        );
        await page.keyboard.press('Enter');
        const box = page.getByRole('region', { name: 'Jordan Parent' });
        await box.waitFor();
        await tabTo(page, (e) => e.label === 'Message', 'message: text box');
        await type(page, 'Sent with the keyboard alone.');
        await activate(page, 'Send', 'message: Send');
        await box.getByRole('log').getByText('Sent with the keyboard alone.', { exact: true }).waitFor();
        await assertAccessible(page, 'message sent with the keyboard');
      } finally {
        await context.close();
      }
    });

    it('a donor fills a tab of her form with the keyboard alone (tabs chosen with the arrow keys)', async () => {
      const { context, page } = await newPage(browser());
      try {
        await keyboardLogin(page, 'donor@demo.test');
        await keyboardAcceptTerms(page);
        await page.waitForURL((url) => url.hash === '#/donorhome');
        // The link is shown once the donor's state has arrived, as she sees it before she tabs.
        await page.getByRole('link', { name: 'Open my donor form' }).waitFor();
        await activate(page, 'Open my donor form', 'donor form: open');
        await page.getByRole('heading', { level: 1, name: 'Donor form' }).waitFor();
        // The tab list: Tab reaches the selected tab, the arrow keys move to another.
        await tabTo(page, (e) => e.role === 'tab', 'donor form: tab list');
        for (let i = 0; i < 12; i++) {
          const name = await page.evaluate(() => document.activeElement?.textContent ?? '');
          if (name.startsWith('4. Characteristics')) break;
          const at = Number(/^(\d+)\./.exec(name)?.[1] ?? 0);
          await page.keyboard.press(at < 4 ? 'ArrowRight' : 'ArrowLeft');
          await assertVisibleFocus(page, 'donor form: tab list arrows');
        }
        await page.keyboard.press('Enter');
        const region = page.getByRole('region', { name: 'Characteristics' });
        await region.getByRole('heading', { level: 2, name: 'Characteristics' }).waitFor();
        await region.getByRole('status', { name: 'Loading' }).waitFor({ state: 'detached' });
        await tabTo(page, (e) => e.label.startsWith('Hobbies'), 'donor form: Hobbies', { limit: 120 });
        await page.keyboard.press('ControlOrMeta+A');
        await type(page, 'Reading and running');
        const [saved] = await Promise.all([
          page.waitForResponse((r) => r.url().includes('/api/updatedonorformdetails')),
          activate(page, 'Save', 'donor form: Save'),
        ]);
        assert.equal(saved.status(), 200, await saved.text());
        await assertAccessible(page, 'donor form tab saved with the keyboard');
      } finally {
        await context.close();
      }
    });

    it('a client gives feedback on a portfolio donor and requests a match with the keyboard alone', async () => {
      // Set-up through the API as the case manager of center 133, whose clients give feedback.
      const setup = await newPage(browser());
      let label = '';
      try {
        await login(setup.page, 'manager133@demo.test');
        const post = async <T>(url: string, data: unknown): Promise<T> => {
          const res = await setup.page.request.post(url, { data, headers: sameOrigin() });
          assert.equal(res.status(), 200, `${url}: ${await res.text()}`);
          return ((await res.json()) as { data: T }).data;
        };
        const portfolio = await post<{ id: number }>('/api/createportfolio', { name: 'Keyboard family' });
        const found = await post<{ rows: { id: number; availability: string | null }[] }>(
          '/api/getdonorlist',
          {
            minage: 18,
            maxage: 60,
            recordcount: 25,
            centers: [133],
            donoravailability: ['Available'],
          },
        );
        const donor = found.rows[0];
        assert.ok(donor, 'an available donor of center 133');
        await post('/api/saveshortlist', { donor_id: donor.id, shortlist_ids: [portfolio.id] });
        await post('/api/shareshortlistprofile', {
          shortlist_id: portfolio.id,
          to: 'parent133@demo.test',
          mailtext: 'One donor to start with.',
        });
      } finally {
        await setup.context.close();
      }

      const { context, page } = await newPage(browser());
      try {
        await keyboardLogin(page, 'parent133@demo.test');
        await keyboardAcceptTerms(page);
        await page.waitForURL((url) => url.hash.startsWith('#/previewshortlist/'));
        const card = page.getByRole('article').first();
        await card.waitFor();
        label = (await card.getAttribute('aria-label'))!.replace(/^Donor /, '');
        const [feedback] = await Promise.all([
          page.waitForResponse((r) => r.request().method() === 'POST' && /feedback/i.test(r.url())),
          activate(page, 'Yes', 'feedback: Yes'),
        ]);
        assert.equal(feedback.status(), 200, await feedback.text());
        await page.getByText('Yes: 1').waitFor();
        await assertAccessible(page, 'feedback given with the keyboard');

        await tabTo(page, (e) => e.label === `View profile of donor ${label}`, 'match: profile link');
        await page.keyboard.press('Enter');
        await page.waitForURL((url) => url.hash.startsWith('#/donordetails/'));
        await page.getByRole('heading', { level: 1 }).waitFor();
        // The match section has loaded the donor's status before the Tab walk; the call's answer
        // is checked itself, so a key press that did not reach the button says so.
        const match = page.getByRole('region', { name: 'Match' });
        await match.getByText(/Remaining queue/).waitFor();
        // The page's other calls (the page view, the queue place, notify-me) re-render the section
        // when they answer: walk once they have.
        await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {});
        const sent = page.waitForRequest(
          (r) => r.method() === 'POST' && r.url().includes('/api/startmatchrequest'),
          { timeout: 30_000 },
        );
        await activateUntil(page, 'Request a match', 'match: Request a match', () => within(sent, 5000));
        const requested = (await (await sent).response())!;
        assert.equal(requested.status(), 200, await requested.text());
        await page.getByText('Match requested successfully.').first().waitFor();
        await page.getByText('Waiting to Confirm').first().waitFor();
        await assertAccessible(page, 'match requested with the keyboard');
      } finally {
        await context.close();
      }
    });
  });
}

import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { CONTRAST_IN_PAGE } from './contrast-in-page.js';

/**
 * Text contrast measured in the page (contrast-in-page.ts says how): axe-core does not judge
 * every colour pair (it gave up on the active menu item drawn violet on violet, and on a light
 * button whose text had the colour of its background), so the text colour is compared here with
 * the background actually painted behind it. `stateContrasts` measures the controls that show a
 * state, for every screen a scenario checks; `contrastSweep` measures every visible text of a
 * page, at rest and with the pointer over each button and link, for the accessibility walk.
 */
export interface ContrastFinding {
  /** text, field, placeholder, hover (a control under the pointer), or the state selector. */
  kind: string;
  /** The element holding the text: tag, role and Mantine class names. */
  what: string;
  text: string;
  color: string;
  background: string;
  ratio: number;
  /** WCAG AA: 4.5:1, or 3:1 for large text (24 px, or 18.66 px bold). */
  min: number;
}

/** WCAG AA for normal text. */
export const MIN_CONTRAST = 4.5;

/** The selectors of controls that show a state, as Mantine and ARIA mark them. */
export const STATE_SELECTORS = [
  'a[data-active]',
  '[aria-current="page"]',
  '[aria-selected="true"]',
  '[aria-pressed="true"]',
  '[data-checked]',
  '.mantine-SegmentedControl-label[data-active]',
  '.mantine-Chip-label[data-checked]',
];

/**
 * Runs a call of the in-page measure, installing it first in a new document (a page walked by
 * hash navigation keeps it). Sent as source text, never as a function (see contrast-in-page.ts).
 */
function inPage<T>(page: Page, call: string): Promise<T> {
  return page.evaluate(`(window.__dmContrast ||= (${CONTRAST_IN_PAGE})()).${call}`) as Promise<T>;
}

/** Measures the first text of every visible element matching the selectors (all state selectors by default). */
export async function stateContrasts(page: Page, selectors = STATE_SELECTORS): Promise<ContrastFinding[]> {
  return inPage<ContrastFinding[]>(page, `states(${JSON.stringify(selectors)})`);
}

export function describeFinding(f: ContrastFinding): string {
  return `${f.kind} ${f.what} "${f.text}" ${f.color} on ${f.background} = ${f.ratio}:1 (needs ${f.min}:1)`;
}

/** Fails when a control showing a state has text under 4.5:1 against what is painted behind it. */
export async function assertStateContrast(page: Page, where: string): Promise<void> {
  const low = (await stateContrasts(page)).filter((f) => f.ratio < MIN_CONTRAST);
  assert.deepEqual(
    low,
    [],
    `${where}: text under ${MIN_CONTRAST}:1 on a control showing a state:\n${low.map(describeFinding).join('\n')}`,
  );
}

/** What one page's sweep measured, and its texts under the contrast they need. */
export interface SweepResult {
  low: ContrastFinding[];
  texts: number;
  hovered: number;
}

/**
 * The contrast of every visible text of a page, then of each button and link under the pointer
 * (a real pointer move: the :hover rules, and a hovered row's highlight, apply as a user sees
 * them; transitions are run to their end before measuring). One control of each look (element,
 * classes, Mantine's style variables, state, colours at rest) is hovered, once per sweep: the
 * header's and the menu's controls are hovered on the first page of an account, not on each.
 */
export function contrastSweep(): { check(page: Page): Promise<SweepResult> } {
  const hovered = new Set<string>();
  return {
    async check(page) {
      const rest = await inPage<{
        low: ContrastFinding[];
        texts: number;
        controls: { i: number; signature: string }[];
      }>(page, 'sweep()');
      const found = [...rest.low];
      let count = 0;
      for (const control of rest.controls) {
        if (hovered.has(control.signature)) continue;
        const point = await inPage<{ x: number; y: number } | null>(page, `aim(${control.i})`);
        if (!point) continue;
        await page.mouse.move(point.x, point.y);
        found.push(...(await inPage<ContrastFinding[]>(page, `hovered(${control.i})`)));
        hovered.add(control.signature);
        count++;
      }
      // The pointer leaves the page's controls and the page is back at its top for what follows.
      await page.mouse.move(0, 0);
      await page.evaluate('window.scrollTo(0, 0)');
      const low = new Map<string, ContrastFinding>();
      for (const f of found) low.set(describeFinding(f), f);
      return { low: [...low.values()], texts: rest.texts, hovered: count };
    },
  };
}

/** A form field's answer as the page shows it, and whether the field is disabled. */
export interface FieldContrast extends ContrastFinding {
  disabled: boolean;
}

/**
 * The contrast of the answers shown in the form fields inside `scope` (a CSS selector): each
 * visible input, text area and select, its value's colour (faded by any opacity on the way up)
 * against what is painted behind it, disabled fields included.
 */
export function fieldContrasts(page: Page, scope: string): Promise<FieldContrast[]> {
  return inPage<FieldContrast[]>(page, `answers(${JSON.stringify(scope)})`);
}

/**
 * Fails unless the read-only answers inside `scope` read at 4.5:1 or more, none of them shown
 * in a disabled field; `expected` answers must be among those measured.
 */
export async function assertReadableAnswers(page: Page, scope: string, expected: string[]): Promise<void> {
  const found = await fieldContrasts(page, scope);
  const show = (f: FieldContrast) =>
    `${f.what}: "${f.text}" ${f.color} on ${f.background} = ${f.ratio}:1${f.disabled ? ' (disabled)' : ''}`;
  for (const text of expected)
    assert.ok(
      found.some((f) => f.text === text),
      `answer "${text}" not shown in a field; measured:\n${found.map(show).join('\n')}`,
    );
  const bad = found.filter((f) => f.disabled || f.ratio < MIN_CONTRAST);
  assert.deepEqual(bad.map(show), [], 'answers disabled or under 4.5:1');
}

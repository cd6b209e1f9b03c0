import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';

/**
 * Text contrast of the controls that show a state: the current menu item, selected chips and
 * segmented-control items, checked and pressed buttons, selected tabs (issue 17). axe-core does
 * not judge every colour pair (it gave up on the active menu item drawn violet on violet), so
 * this measures them itself: the text colour against the background actually painted behind it
 * (each translucent layer blended over the ones below, up to the page's white).
 */
export interface ContrastFinding {
  what: string;
  text: string;
  color: string;
  background: string;
  ratio: number;
}

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

/** Measures the contrast of every visible element matching the selectors (all state selectors by default). */
export async function stateContrasts(page: Page, selectors = STATE_SELECTORS): Promise<ContrastFinding[]> {
  // Sent as source text: tsx would wrap the helpers of a function argument in its own __name,
  // which does not exist in the page.
  return page.evaluate(`(${MEASURE_IN_PAGE})(${JSON.stringify(selectors)})`) as Promise<ContrastFinding[]>;
}

/** Colour helpers the in-page measures share. Plain JavaScript. */
const HELPERS_IN_PAGE = `
  function parse(value) {
    var m = value.match(/rgba?\\(([^)]+)\\)/);
    if (!m) return [0, 0, 0, 0];
    var parts = m[1].split(/[\\s,/]+/).filter(Boolean).map(Number);
    return [parts[0], parts[1], parts[2], parts.length > 3 ? parts[3] : 1];
  }
  function over(top, bottom) {
    var a = top[3];
    return [top[0] * a + bottom[0] * (1 - a), top[1] * a + bottom[1] * (1 - a), top[2] * a + bottom[2] * (1 - a), 1];
  }
  function channel(c) {
    var s = c / 255;
    return s <= 0.03928 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
  }
  function luminance(c) {
    return 0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2]);
  }
  // The background painted behind an element: its own and its ancestors' colours, blended.
  function backgroundOf(el) {
    var layers = [];
    for (var node = el; node; node = node.parentElement) {
      var bg = parse(getComputedStyle(node).backgroundColor);
      if (bg[3] > 0) layers.push(bg);
      if (bg[3] >= 1) break;
    }
    var painted = [255, 255, 255, 1];
    layers.reverse().forEach(function (layer) { painted = over(layer, painted); });
    return painted;
  }
  // The element that holds the words: the first descendant with its own text.
  function textHolder(el) {
    var walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (var t = walker.nextNode(); t; t = walker.nextNode()) {
      if (t.textContent.trim() && t.parentElement) return t.parentElement;
    }
    return el;
  }
  function rgb(c) {
    return 'rgb(' + c.slice(0, 3).map(Math.round).join(',') + ')';
  }
`;

/** Runs in the page: measures each visible element matching the selectors. Plain JavaScript. */
const MEASURE_IN_PAGE = `function (list) {
  ${HELPERS_IN_PAGE}
  var seen = new Set();
  var findings = [];
  list.forEach(function (selector) {
    document.querySelectorAll(selector).forEach(function (el) {
      if (seen.has(el)) return;
      seen.add(el);
      // A disabled control has no contrast requirement (WCAG 1.4.3, inactive components).
      if (el.closest('[data-disabled], [aria-disabled="true"], :disabled') || el.querySelector(':disabled, [data-disabled]')) return;
      var text = (el.textContent || '').trim();
      var box = el.getBoundingClientRect();
      if (!text || box.width === 0 || box.height === 0) return;
      var holder = textHolder(el);
      var style = getComputedStyle(holder);
      if (style.visibility === 'hidden' || Number(style.opacity) === 0) return;
      var background = backgroundOf(holder);
      var color = over(parse(style.color), background);
      var l = [luminance(color), luminance(background)].sort(function (a, b) { return b - a; });
      findings.push({
        what: selector,
        text: text.slice(0, 40),
        color: rgb(color),
        background: rgb(background),
        ratio: Math.round(((l[0] + 0.05) / (l[1] + 0.05)) * 100) / 100,
      });
    });
  });
  return findings;
}`;

/** A form field's answer as the page shows it, and whether the field is disabled. */
export interface FieldContrast extends ContrastFinding {
  disabled: boolean;
}

/**
 * The contrast of the answers shown in the form fields inside `scope` (a CSS selector): each
 * visible input, text area and select, its value's colour (faded by any opacity on the way up)
 * against what is painted behind it. Disabled fields are measured too: in a read-only preview the
 * answers are the content, not inactive controls.
 */
export async function fieldContrasts(page: Page, scope: string): Promise<FieldContrast[]> {
  return page.evaluate(`(${FIELDS_IN_PAGE})(${JSON.stringify(scope)})`) as Promise<FieldContrast[]>;
}

/** Runs in the page: measures the answers of the fields inside the scope. Plain JavaScript. */
const FIELDS_IN_PAGE = `function (scope) {
  ${HELPERS_IN_PAGE}
  var findings = [];
  document.querySelectorAll(scope).forEach(function (root) {
    root.querySelectorAll('input, textarea, select').forEach(function (el) {
      if (el.type === 'hidden' || el.type === 'checkbox' || el.type === 'radio') return;
      var box = el.getBoundingClientRect();
      var style = getComputedStyle(el);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') return;
      var text = el.tagName === 'SELECT' ? (el.selectedOptions[0] ? el.selectedOptions[0].text : '') : el.value;
      if (!text.trim()) return;
      var opacity = 1;
      for (var node = el; node; node = node.parentElement) opacity *= Number(getComputedStyle(node).opacity);
      var background = backgroundOf(el);
      var ink = parse(style.color);
      ink[3] = ink[3] * opacity;
      var color = over(ink, background);
      var l = [luminance(color), luminance(background)].sort(function (a, b) { return b - a; });
      var label = el.labels && el.labels[0] ? el.labels[0].textContent.trim() : el.getAttribute('aria-label') || '';
      findings.push({
        what: label.slice(0, 60),
        text: text.slice(0, 40),
        color: rgb(color),
        background: rgb(background),
        ratio: Math.round(((l[0] + 0.05) / (l[1] + 0.05)) * 100) / 100,
        disabled: el.disabled,
      });
    });
  });
  return findings;
}`;

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

/** WCAG AA for normal text. */
export const MIN_CONTRAST = 4.5;

/** Fails when a control showing a state has text under 4.5:1 against what is painted behind it. */
export async function assertStateContrast(page: Page, where: string): Promise<void> {
  const low = (await stateContrasts(page)).filter((f) => f.ratio < MIN_CONTRAST);
  assert.deepEqual(
    low,
    [],
    `${where}: text under ${MIN_CONTRAST}:1 on a control showing a state:\n${low
      .map((f) => `${f.what} "${f.text}" ${f.color} on ${f.background} = ${f.ratio}:1`)
      .join('\n')}`,
  );
}

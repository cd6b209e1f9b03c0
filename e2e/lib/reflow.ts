import type { Page } from 'playwright-core';

/**
 * Reflow (WCAG 1.4.10): the page at 320 CSS px wide, and at 200% zoom of a 1280 x 900
 * window (the same as a 640 x 450 CSS px viewport), must not scroll sideways, and its main action
 * must be reachable: scrolled to, it lies inside the viewport.
 */
export const NARROW = { width: 320, height: 720 };
export const ZOOM_200 = { width: 640, height: 450 };
export const DESKTOP = { width: 1280, height: 900 };

/** What is wrong at the page's current size, or 'ok'. */
export async function reflowProblem(page: Page, mainAction: string | null): Promise<string> {
  // The layout follows the size through media queries and Mantine's resize listeners, which on
  // a busy machine can take longer than a first look: a problem counts only when it is still
  // there after the layout had a second to settle.
  await page.waitForTimeout(150);
  const first = await measure(page, mainAction);
  if (first === 'ok') return first;
  await page.waitForTimeout(1000);
  return measure(page, mainAction);
}

async function measure(page: Page, mainAction: string | null): Promise<string> {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
    // The widest element sticking out, to name what overflows.
    culprit: (() => {
      let worst = '';
      let right = window.innerWidth + 1;
      for (const el of document.querySelectorAll('body *')) {
        const box = el.getBoundingClientRect();
        // The innermost element reaching furthest (>=): it names what overflows.
        if (box.right >= right && box.width > 0) {
          // Only an element whose own overflow is not clipped by a scrolling ancestor.
          let clipped = false;
          for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
            const o = getComputedStyle(p).overflowX;
            if (o === 'auto' || o === 'scroll' || o === 'hidden' || o === 'clip') {
              clipped = true;
              break;
            }
          }
          if (clipped) continue;
          right = box.right;
          const cls = typeof el.className === 'string' ? el.className.split(' ')[0] : '';
          const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
          worst = `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''} "${text}" to ${Math.round(box.right)}px`;
        }
      }
      return worst;
    })(),
  }));
  const problems: string[] = [];
  if (widths.scroll > widths.inner + 1)
    problems.push(`scrolls sideways (${widths.scroll}px in ${widths.inner}px; ${widths.culprit})`);
  if (mainAction) {
    const target = page.locator(mainAction).first();
    if ((await target.count()) === 0) problems.push(`main action ${mainAction} missing`);
    else {
      await target.scrollIntoViewIfNeeded();
      const box = await target.boundingBox();
      const inner = widths.inner;
      if (!box || box.x < 0 || box.x + box.width > inner + 1)
        problems.push(`main action ${mainAction} outside the viewport (${box ? Math.round(box.x) : '?'}px)`);
    }
  }
  return problems.length ? problems.join('; ') : 'ok';
}

/** A phone's viewport (CSS px) for the header and search checks. */
export const PHONE = { width: 390, height: 844 };

/**
 * What sticks out of the app's header bar (an element whose box is not inside the header's), as
 * "tag "text" top..bottom" lines; none is the answer wanted. Text that wraps in a bar of fixed
 * height grows out of its top and bottom.
 */
export async function outsideHeader(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const header = document.querySelector('header');
    if (!header) return ['no header'];
    const bar = header.getBoundingClientRect();
    const out: string[] = [];
    for (const el of header.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (
        box.top < bar.top - 0.5 ||
        box.bottom > bar.bottom + 0.5 ||
        box.left < bar.left - 0.5 ||
        box.right > bar.right + 0.5
      ) {
        const text = (el.textContent ?? '').trim().slice(0, 40);
        out.push(`${el.tagName.toLowerCase()} "${text}" ${Math.round(box.top)}..${Math.round(box.bottom)}`);
      }
    }
    return out;
  });
}

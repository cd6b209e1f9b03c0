import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { login } from '../lib/auth.js';
import { assertAccessible, go, newPage, sameOrigin, useBrowser } from '../lib/browser.js';

const browser = useBrowser();

/**
 * The first donor of center 1 the signed-in user may open, looked up through the API with the
 * page's own session cookie (the e2e server's database is not reachable from here).
 */
async function firstCenter1Donor(page: Page): Promise<{ id: number; label: string }> {
  for (let id = 1; id < 400; id++) {
    const res = await page.request.get(`/api/getdonordetails/${id}`);
    if (res.status() !== 200) continue;
    const { data } = (await res.json()) as {
      data: {
        centerId: number;
        firstName: string | null;
        displayId: string | null;
        agencyDisplayId: string | null;
        donorId: number;
      };
    };
    // The one id a donor is shown by: the agency's id when set, else the system display id.
    const shownId = data.agencyDisplayId ?? data.displayId;
    if (data.centerId === 1 && shownId) {
      return { id, label: data.firstName ?? `Donor ${shownId}` };
    }
  }
  throw new Error('No center-1 donor visible');
}

describe('donor details', () => {
  it('a case manager adds a note and shares the donor with another case manager', async () => {
    const admin = await newPage(browser);
    try {
      await login(admin.page, 'admin@demo.test');
      const invite = await admin.page.request.post('/api/inviteuser', {
        headers: sameOrigin(),
        data: { username: 'second-manager@demo.test', userType: 6, firstname: 'Sam', lastname: 'Second' },
      });
      assert.equal(invite.status(), 200, await invite.text());
    } finally {
      await admin.context.close();
    }

    const { context, page } = await newPage(browser);
    try {
      await login(page, 'manager@demo.test');
      const donor = await firstCenter1Donor(page);
      await go(page, `/donordetails/${donor.id}/0/3`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      assert.equal(await page.getByRole('tab', { name: 'Family' }).getAttribute('aria-selected'), 'true');

      await page.getByRole('button', { name: 'Add note' }).click();
      await page.getByText('Note cannot be blank.').waitFor();
      await page.getByRole('textbox', { name: 'New note' }).fill('Spoke with the donor about dates.');
      await page.getByRole('button', { name: 'Add note' }).click();
      await page.getByText('Spoke with the donor about dates.').waitFor();
      // The note shows its time as MMM dd yyyy hh:mm a.
      const when = await page.locator('time').first().textContent();
      assert.match(when ?? '', /^[A-Z][a-z]{2} \d{2} \d{4} \d{2}:\d{2} (AM|PM)$/);

      await page.getByRole('button', { name: 'Share donor' }).click();
      const dialog = page.getByRole('dialog', { name: 'Share donor' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Share' }).click();
      await dialog.getByText('Please select a case manager.').waitFor();
      await dialog.getByRole('combobox', { name: 'Case manager' }).click();
      await page.getByRole('option', { name: 'Sam Second' }).click();
      await dialog.getByRole('textbox', { name: 'Message' }).fill('Worth a look for the Smiths.');
      await dialog.getByRole('button', { name: 'Share' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByText('Donor shared successfully.').first().waitFor();

      await assertAccessible(page);
    } finally {
      await context.close();
    }
  });

  it('an intended parent opens a donor, favourites it and finds it on /favorites', async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, 'parent@demo.test');
      const donor = await firstCenter1Donor(page);
      await go(page, `/donordetails/${donor.id}/0/9`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      // settab over 7 falls back to the first tab.
      assert.equal(await page.getByRole('tab', { name: 'General' }).getAttribute('aria-selected'), 'true');
      assert.equal(await page.getByRole('textbox', { name: 'New note' }).count(), 0);

      await page.getByRole('button', { name: 'Add to favorites' }).click();
      await page.getByRole('button', { name: 'Favorite', exact: true }).waitFor();
      await page.getByRole('tab', { name: 'Photos and videos' }).click();
      await page
        .getByRole('img', { name: /photo 1/ })
        .first()
        .waitFor();

      await assertAccessible(page);

      await go(page, '/favorites');
      await page.getByRole('heading', { level: 1, name: 'Favorites' }).waitFor();
      await page
        .getByRole('link', { name: new RegExp(donor.label) })
        .first()
        .waitFor();
      await assertAccessible(page);
    } finally {
      await context.close();
    }
  });
});

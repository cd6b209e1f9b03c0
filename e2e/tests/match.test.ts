import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { login } from '../lib/auth.js';
import { assertAccessible, go, newPage, useBrowser } from '../lib/browser.js';

const browser = useBrowser();

/** An Available donor of center 1 with no queue, found with the case manager's session. */
async function availableDonor(page: Page): Promise<number> {
  for (let id = 1; id < 400; id++) {
    const res = await page.request.get(`/api/getdonormatchstatus/${id}`);
    if (res.status() !== 200) continue;
    const { data } = (await res.json()) as {
      data: { donorAvailability: string; staff: boolean; open: unknown[]; remainingQueue: number };
    };
    if (data.staff && data.donorAvailability === 'Available' && data.open.length === 0) return id;
  }
  throw new Error('No available center-1 donor');
}

async function noAxeViolations(page: Page): Promise<void> {
  await assertAccessible(page);
}

describe('match workflow', () => {
  it('a parent requests a match, the case manager confirms it, and the donor is In Cycle', async () => {
    const staff = await newPage(browser);
    const parent = await newPage(browser);
    try {
      await login(staff.page, 'manager@demo.test');
      const donorId = await availableDonor(staff.page);

      await login(parent.page, 'parent@demo.test');
      await go(parent.page, `/donordetails/${donorId}`);
      await parent.page.getByRole('heading', { level: 1 }).waitFor();
      await parent.page.getByRole('button', { name: 'Request a match' }).click();
      await parent.page.getByText('Match requested successfully.').first().waitFor();
      await parent.page.getByText('Waiting to Confirm').waitFor();
      await parent.page.getByRole('button', { name: 'Cancel request' }).waitFor();

      await go(staff.page, `/donordetails/${donorId}`);
      await staff.page.getByRole('heading', { level: 1 }).waitFor();
      const confirm = staff.page.getByRole('button', { name: 'Confirm match for Jordan Parent' });
      await confirm.click();
      await staff.page.getByText('Match confirmed successfully.').first().waitFor();
      await staff.page.getByText('In Cycle', { exact: true }).first().waitFor();
      const active = staff.page.getByRole('table', { name: 'Active matches' });
      await active.getByRole('cell', { name: 'Jordan Parent' }).waitFor();
      await staff.page.getByRole('button', { name: 'Complete match for Jordan Parent' }).waitFor();
      await noAxeViolations(staff.page);

      // The cancel dialog needs a reason.
      await staff.page.getByRole('button', { name: 'Cancel match for Jordan Parent' }).click();
      const dialog = staff.page.getByRole('dialog', { name: 'Cancel match' });
      await dialog.getByRole('textbox', { name: 'Reason' }).waitFor();
      await noAxeViolations(staff.page);
      await dialog.getByRole('button', { name: 'Cancel match' }).click();
      await dialog.getByText('Please mention reason to cancel match first').waitFor();
      await dialog.getByRole('button', { name: 'Keep match' }).click();
      await dialog.waitFor({ state: 'hidden' });

      // The parent sees the confirmed match.
      await parent.page.reload();
      await parent.page.getByText('Your match request:').waitFor();
      await parent.page.getByText('Active', { exact: true }).first().waitFor();
      assert.equal(await parent.page.getByRole('button', { name: 'Cancel request' }).count(), 0);
    } finally {
      await staff.context.close();
      await parent.context.close();
    }
  });

  it('the requested-donors grid lists, filters and pages the requests', async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, 'manager@demo.test');
      await go(page, '/requested-donors-list');
      await page.getByRole('heading', { level: 1, name: 'Requested donors' }).waitFor();
      const table = page.getByRole('table', { name: /match/ });
      await table.getByRole('cell', { name: 'Jordan Parent' }).first().waitFor();
      await page.getByRole('checkbox', { name: 'Active' }).uncheck();
      await page.getByRole('checkbox', { name: 'Waiting to Confirm' }).uncheck();
      await page.getByRole('checkbox', { name: 'Referral Accepted' }).uncheck();
      await page.getByRole('table', { name: '0 matches' }).waitFor();
      await noAxeViolations(page);
      await go(page, '/trackmatchrequests');
      await page.getByRole('heading', { level: 1, name: 'Track match requests' }).waitFor();
      await noAxeViolations(page);
      await go(page, '/donormatchreport');
      await page.getByRole('heading', { level: 1, name: 'Donor match report' }).waitFor();
      await page.getByLabel('From date').waitFor();
      await noAxeViolations(page);
    } finally {
      await context.close();
    }
  });
});

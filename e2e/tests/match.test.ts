import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { login } from '../lib/auth.js';
import { assertAccessible, go, newPage, sameOrigin, useBrowser } from '../lib/browser.js';

const browser = useBrowser();

/** An Available donor of center 1 with no queue (id `from` or above), found with the case manager's session. */
async function availableDonor(page: Page, from = 1): Promise<number> {
  for (let id = from; id < 400; id++) {
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

  it("the donor agency confirms another agency's client's request in the requested-donors grid; her other request ends", async () => {
    const staff = await newPage(browser);
    const parent = await newPage(browser);
    const ipManager = await newPage(browser);
    try {
      await login(staff.page, 'manager@demo.test');
      const donorId = await availableDonor(staff.page);
      const otherDonor = await availableDonor(staff.page, donorId + 1);
      // A client of GWK (center 133) asks for two of the main center's donors.
      await login(parent.page, 'parent133@demo.test');
      for (const id of [donorId, otherDonor]) {
        const res = await parent.page.request.post('/api/startmatchrequest', {
          headers: sameOrigin(),
          data: { donor_id: id },
        });
        assert.equal(res.status(), 200, await res.text());
      }
      const grid = await staff.page.request.post('/api/getotheragenciesmatchrequestedip', {
        headers: sameOrigin(),
        data: { from: 0, to: 100, center: 133 },
      });
      const { data } = (await grid.json()) as {
        data: { rows: { donorId: number; donorDisplayId: string | null }[] };
      };
      const label = (id: number) => {
        const r = data.rows.find((x) => x.donorId === id)!;
        return `Jordan Parent133 with donor ${r.donorDisplayId ?? r.donorId}`;
      };

      await go(staff.page, '/requested-donors-list?center=133');
      await staff.page.getByRole('heading', { level: 1, name: 'Requested donors' }).waitFor();
      const otherConfirm = staff.page.getByRole('button', { name: `Confirm match for ${label(otherDonor)}` });
      await otherConfirm.waitFor();
      await noAxeViolations(staff.page);
      await staff.page.getByRole('button', { name: `Confirm match for ${label(donorId)}` }).click();
      await staff.page.getByText('Match confirmed successfully.').first().waitFor();
      // The grid reloads: the match is Active, her request for the other donor is gone.
      await staff.page.getByRole('button', { name: `Complete match for ${label(donorId)}` }).waitFor();
      await otherConfirm.waitFor({ state: 'detached' });

      // Her agency's case manager tracks the confirmed match, without the donor agency's buttons.
      await login(ipManager.page, 'manager133@demo.test');
      await go(ipManager.page, '/trackmatchrequests');
      const tracked = ipManager.page.getByRole('table', { name: /match/ });
      await tracked.getByRole('cell', { name: 'Jordan Parent133' }).first().waitFor();
      await tracked.getByRole('cell', { name: 'Active', exact: true }).first().waitFor();
      assert.equal(
        await ipManager.page.getByRole('button', { name: /match for Jordan Parent133/ }).count(),
        0,
      );
    } finally {
      await staff.context.close();
      await parent.context.close();
      await ipManager.context.close();
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

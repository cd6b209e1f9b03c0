import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { login } from '../lib/auth.js';
import { assertAccessible, go, newPage, route, sameOrigin, useBrowser } from '../lib/browser.js';

// The agency admin changes each general setting and fee option of center 1 and sees
// the effect as its intended parent (and donor) would, most of them at once without a reload
// (the center:settings push). Scenarios share one database: every setting is put back as the
// seed has it in `finally`, so later scenarios (users: a parent invited without a case manager;
// text-messages: sign-up with text notifications) meet center 1 as they expect.

const browser = useBrowser();
const ADMIN = 'admin@demo.test';
const PARENT = 'parent@demo.test';

/** Center 1 as the seed has it (apps/api/src/seed/demo.ts). */
const CENTER1: [string, Record<string, unknown>][] = [
  ['firstnamevisibility', { status: true }],
  ['donortypevisibility', { status: true }],
  ['ipformtoggle', { status: true }],
  ['textmessagestoggle', { status: true }],
  ['donordetailsaccesstoggle', { donorDetailsVisible: false }],
  ['feepaymentoptionvisibility', { is_compensation_visible: true }],
  ['updateportfoliodonorcount', { portfolio_donor_count: 40 }],
  ['saveagencydefaultmanager', { default_case_manager_id: null }],
];

async function restore(page: Page, calls: [string, Record<string, unknown>][], centerId?: number) {
  for (const [call, body] of calls) {
    const res = await page.request.post(`/api/${call}`, {
      headers: sameOrigin(),
      data: centerId ? { ...body, center_id: centerId } : body,
    });
    assert.equal(res.status(), 200, `${call}: ${await res.text()}`);
  }
}

async function openSettings(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'General configuration' }).first().click();
  await page.getByRole('heading', { level: 1, name: 'General configuration' }).waitFor();
  await page.getByRole('switch').first().waitFor();
}

/** Waits until `check` holds (a locator count, an answer), at most 15 s. */
async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const end = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Clicks a switch (Mantine's input is visually hidden), answers its confirmation if one opens, and
 * waits until the saved answer has turned it.
 */
async function flip(page: Page, name: RegExp, confirm?: string): Promise<void> {
  const control = page.getByRole('switch', { name });
  await until(async () => !(await control.isDisabled()), 'the switch to be ready');
  const before = await control.isChecked();
  await control.click({ force: true });
  if (confirm) {
    await page.getByRole('dialog').getByRole('button', { name: confirm }).click();
    // The closing dialog's overlay would catch the next click.
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  }
  await until(
    async () => (await control.isChecked()) !== before && !(await control.isDisabled()),
    'the switch to turn',
  );
}

/** A center-1 donor the parent may open, with her first name and donor type shown. */
async function center1Donor(page: Page): Promise<{ id: number; firstName: string; donorType: string }> {
  const res = await page.request.post('/api/getdonorlist', {
    headers: sameOrigin(),
    data: { minage: 18, maxage: 60, recordcount: 50, centers: [1] },
  });
  const rows = (
    (await res.json()) as {
      data: { rows: { id: number; firstName: string | null; donorType: string | null }[] };
    }
  ).data.rows;
  const donor = rows.find((r) => r.firstName && r.donorType);
  assert.ok(donor, 'a center-1 donor with a first name');
  return { id: donor.id, firstName: donor.firstName!, donorType: donor.donorType! };
}

describe('agency general configuration (/generalconfiguration)', () => {
  it('first names, donor type and the IP form change for the parent at once', async () => {
    const admin = await newPage(browser);
    const parent = await newPage(browser);
    try {
      await login(admin.page, ADMIN);
      await openSettings(admin.page);
      await assertAccessible(admin.page, '/generalconfiguration');

      await login(parent.page, PARENT);
      const donor = await center1Donor(parent.page);
      await go(parent.page, `/donordetails/${donor.id}`);
      const heading = parent.page.getByRole('heading', { level: 1 });
      await heading.filter({ hasText: donor.firstName }).waitFor();
      const typeBadge = parent.page
        .locator('.mantine-Badge-root')
        .filter({ hasText: new RegExp(`^${donor.donorType}$`) });
      await typeBadge.first().waitFor();
      await parent.page.getByRole('link', { name: 'IP form' }).first().waitFor();

      // First names off: the open profile drops the name without a reload.
      await flip(admin.page, /first names/);
      await heading.filter({ hasText: /^Donor / }).waitFor();
      assert.equal(await heading.filter({ hasText: donor.firstName }).count(), 0);

      // Donor type off: gone from the profile.
      await flip(admin.page, /Show the donor type/);
      await until(async () => (await typeBadge.count()) === 0, 'the donor type badge to go');

      // IP form off (asked first): the parent's menu loses the entry.
      await flip(admin.page, /Intended-parent form/, 'Turn off');
      await parent.page.getByRole('link', { name: 'IP form' }).first().waitFor({ state: 'detached' });

      // Back on: the name shows again (turning it on is asked first).
      await flip(admin.page, /first names/, 'Turn on');
      await heading.filter({ hasText: donor.firstName }).waitFor();
      await assertAccessible(parent.page, '/donordetails (first name shown again)');
    } finally {
      await restore(admin.page, CENTER1);
      await admin.context.close();
      await parent.context.close();
    }
  });

  it('text messages off: sign-up no longer offers text notifications', async () => {
    const admin = await newPage(browser);
    const visitor = await newPage(browser);
    try {
      await login(admin.page, ADMIN);
      await go(visitor.page, '/userregister/9');
      await visitor.page.getByRole('checkbox', { name: /Receive text notifications/ }).waitFor();
      await openSettings(admin.page);
      await flip(admin.page, /Send text messages/, 'Turn off');
      await visitor.page.reload();
      await visitor.page.getByLabel('First name').waitFor();
      await visitor.page.getByRole('button', { name: 'Register' }).waitFor();
      assert.equal(
        await visitor.page.getByRole('checkbox', { name: /Receive text notifications/ }).count(),
        0,
      );
    } finally {
      await restore(admin.page, CENTER1);
      await admin.context.close();
      await visitor.context.close();
    }
  });

  it('portfolio donor count, default case manager and the number change request', async () => {
    const admin = await newPage(browser);
    const manager = await newPage(browser);
    let portfolioId: number | null = null;
    try {
      await login(admin.page, ADMIN);
      await openSettings(admin.page);
      const count = admin.page.getByRole('textbox', { name: /Portfolio donor count/ });
      await count.fill('1');
      await admin.page.getByRole('button', { name: 'Save count' }).click();
      await admin.page.getByText('Portfolio donor count must be greater than 1.').first().waitFor();
      await count.fill('2');
      await admin.page.getByRole('button', { name: 'Save count' }).click();
      await admin.page.getByText('Changes saved successfully').first().waitFor();

      // The case manager's third donor is refused.
      await login(manager.page, 'manager@demo.test');
      const created = await manager.page.request.post('/api/createportfolio', {
        headers: sameOrigin(),
        data: { name: `Settings e2e ${Date.now()}` },
      });
      portfolioId = ((await created.json()) as { data: { id: number } }).data.id;
      const list = await manager.page.request.post('/api/getdonorlist', {
        headers: sameOrigin(),
        data: { minage: 18, maxage: 60, recordcount: 50, centers: [1] },
      });
      const ids = ((await list.json()) as { data: { rows: { id: number }[] } }).data.rows.map((r) => r.id);
      const add = (donorId: number) =>
        manager.page.request.post('/api/saveshortlist', {
          headers: sameOrigin(),
          data: { donor_id: donorId, shortlist_ids: [portfolioId] },
        });
      assert.equal((await add(ids[0]!)).status(), 200);
      assert.equal((await add(ids[1]!)).status(), 200);
      const third = await add(ids[2]!);
      assert.equal(third.status(), 400);
      assert.equal(
        ((await third.json()) as { message: string }).message,
        'Maximum limit for adding donor to the portfolio 2 has been exceeded.',
      );

      // A default case manager: a newly invited parent gets her.
      await admin.page.getByRole('combobox', { name: /Default case manager/ }).click();
      await admin.page.getByRole('option', { name: /Casey Manager/ }).click();
      await admin.page.getByRole('button', { name: 'Save case manager' }).click();
      await admin.page.getByText('Changes saved successfully').first().waitFor();
      const invitee = `dee.default.${Date.now()}@demo.test`;
      const invited = await admin.page.request.post('/api/inviteuser', {
        headers: sameOrigin(),
        data: { username: invitee, userType: 9, firstname: 'Dee', lastname: 'Defaultmanager' },
      });
      assert.equal(invited.status(), 200, await invited.text());
      await go(admin.page, '/viewip');
      await admin.page.getByRole('searchbox', { name: 'Search users' }).fill('Defaultmanager');
      const row = admin.page.getByRole('row').filter({ hasText: invitee });
      await row.getByRole('cell', { name: /Casey Manager/ }).waitFor();

      // The agency phone: the agency admin asks the master admin for a new number.
      await openSettings(admin.page);
      await admin.page
        .getByRole('textbox', { name: /Why should the number change/ })
        .fill('E2E: a local number');
      await admin.page.getByRole('button', { name: 'Request a number change' }).click();
      await admin.page.getByText('Number change requested').waitFor();
      await assertAccessible(admin.page, '/generalconfiguration (request pending)');
    } finally {
      await restore(admin.page, CENTER1);
      if (portfolioId !== null)
        await manager.page.request.delete(`/api/deleteportfolio/${portfolioId}`, { headers: sameOrigin() });
      await admin.context.close();
      await manager.context.close();
    }
  });

  it('the master admin keeps Pre-Active parents of an agency out of donor profiles and sets its number', async () => {
    const master = await newPage(browser);
    const parent = await newPage(browser);
    try {
      await login(master.page, 'master@demo.test');
      await login(parent.page, 'parent111@demo.test');
      const list = await parent.page.request.post('/api/getdonorlist', {
        headers: sameOrigin(),
        data: { minage: 18, maxage: 60, recordcount: 50 },
      });
      const donorId = ((await list.json()) as { data: { rows: { id: number }[] } }).data.rows[0]!.id;
      await go(parent.page, `/donordetails/${donorId}`);
      await parent.page.getByRole('tab', { name: 'General' }).waitFor();

      await go(master.page, '/generalconfiguration');
      await master.page.getByRole('combobox', { name: /^Agency/ }).click();
      await master.page.getByRole('option', { name: 'Consumer Donor Bank' }).click();
      await flip(master.page, /Pre-Active parents may open donor profiles/);
      // Her open profile gives way to the membership page at once.
      await parent.page.waitForURL((url) => url.hash === '#/notpaid');
      await go(parent.page, `/donordetails/${donorId}`);
      await parent.page.waitForURL((url) => url.hash === '#/notpaid');
      assert.equal(route(parent.page), '/notpaid');

      // The master admin sets the number of an agency no other scenario uses; the token is never shown back.
      await master.page.getByRole('combobox', { name: /^Agency/ }).click();
      await master.page.getByRole('option', { name: 'Consultant Clinic' }).click();
      await master.page.getByRole('textbox', { name: /Twilio number/ }).fill('+15550100111');
      await master.page.getByRole('textbox', { name: /Account SID/ }).fill(`AC${'e2e0'.repeat(8)}`);
      await master.page.getByLabel(/Auth token/).fill('e2etoken0123456789abcdef01234567');
      await master.page.getByRole('button', { name: 'Save phone settings' }).click();
      await master.page.getByText('The agency phone settings were saved.').first().waitFor();
      await master.page.getByText('Stored (encrypted)').waitFor();
      assert.equal(await master.page.getByText('e2etoken0123456789abcdef01234567').count(), 0);
      await assertAccessible(master.page, '/generalconfiguration (master)');
    } finally {
      await restore(master.page, [['donordetailsaccesstoggle', { donorDetailsVisible: true }]], 111);
      await master.context.close();
      await parent.context.close();
    }
  });
});

describe('fees and payment (/feeandpayment)', () => {
  it('compensation visibility and a fee option, seen by the parent and the donor', async () => {
    const admin = await newPage(browser);
    const parent = await newPage(browser);
    const donor = await newPage(browser);
    const option = '$9,750';
    try {
      await login(admin.page, ADMIN);
      await admin.page.getByRole('link', { name: 'Fees and payment' }).first().click();
      await admin.page.getByRole('heading', { level: 1, name: 'Fees and payment' }).waitFor();
      await admin.page.getByRole('table', { name: 'Fee options' }).waitFor();
      await assertAccessible(admin.page, '/feeandpayment');

      // The demo donor's compensation, as her agency shows it to the parent.
      await login(donor.page, 'donor@demo.test');
      const me = (await (await donor.page.request.get('/api/me')).json()) as { data: { userId: number } };
      await login(parent.page, PARENT);
      await go(parent.page, `/donordetails/${me.data.userId}`);
      await parent.page.getByText(/^Compensation: \$/).waitFor();

      await flip(admin.page, /Show donor compensation/, 'Hide');
      await parent.page.getByText(/^Compensation: \$/).waitFor({ state: 'detached' });
      await flip(admin.page, /Show donor compensation/, 'Show');
      await parent.page.getByText(/^Compensation: \$/).waitFor();

      // A fee option: a duplicate of a global one is refused, a new one reaches the donor's form.
      await admin.page.getByRole('textbox', { name: /New option/ }).fill('$ 8,000');
      await admin.page.getByRole('button', { name: 'Add option' }).click();
      await admin.page.getByText('Option already exists.').first().waitFor();
      await admin.page.getByRole('textbox', { name: /New option/ }).fill(option);
      await admin.page.getByRole('textbox', { name: /Comment/ }).fill('E2E returning donors');
      await admin.page.getByRole('button', { name: 'Add option' }).click();
      await admin.page.getByRole('cell', { name: option, exact: true }).waitFor();

      // The choices are seen where the form is edited: her agency's admin opens it (the donor's own
      // tab is read-only once an earlier scenario matched her, and then shows only her answer).
      const form = await admin.context.newPage();
      await go(form, `/donorform/${me.data.userId}/2`);
      const fee = form.getByRole('combobox', { name: /Donor fee you ask for/ });
      await fee.waitFor();
      await fee
        .locator('option', { hasText: `${option} (E2E returning donors)` })
        .waitFor({ state: 'attached' });
      await form.close();
      await go(donor.page, `/donorform/${me.data.userId}/2`);
      await donor.page.getByLabel(/Donor fee you ask for/).waitFor();

      await admin.page.getByRole('button', { name: `Remove ${option}` }).click();
      await admin.page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await admin.page.getByRole('cell', { name: option, exact: true }).waitFor({ state: 'detached' });
      await assertAccessible(admin.page, '/feeandpayment (after removal)');
    } finally {
      await restore(admin.page, [['feepaymentoptionvisibility', { is_compensation_visible: true }]]);
      const left = await admin.page.request.get('/api/getfeeoptions');
      const options = ((await left.json()) as { data: { options: { option_id: number; options: string }[] } })
        .data.options;
      for (const o of options.filter((x) => x.options === option))
        await admin.page.request.post('/api/removefeeoption', {
          headers: sameOrigin(),
          data: { option_id: o.option_id },
        });
      await admin.context.close();
      await parent.context.close();
      await donor.context.close();
    }
  });
});

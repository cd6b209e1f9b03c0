import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { login } from '../lib/auth.js';
import { assertAccessible, go, newPage, sameOrigin, useBrowser } from '../lib/browser.js';
import { newestMailTo, parseEml } from '../lib/mail.js';

// Queue places and notify-me (decision 027).
const browser = useBrowser();
const PARENT = 'parent@demo.test';
const MANAGER = 'manager@demo.test';

/** Available center-1 donors with no queue, from the top of the ids down (other scenarios take the low ones). */
async function availableDonors(page: Page, n: number): Promise<number[]> {
  const found: number[] = [];
  for (let id = 399; id > 0 && found.length < n; id--) {
    const res = await page.request.get(`/api/getdonormatchstatus/${id}`);
    if (res.status() !== 200) continue;
    const { data } = (await res.json()) as {
      data: { donorAvailability: string; staff: boolean; open: unknown[] };
    };
    if (data.staff && data.donorAvailability === 'Available' && data.open.length === 0) found.push(id);
  }
  assert.equal(found.length, n, 'available center-1 donors');
  return found;
}

async function setAvailability(page: Page, donorId: number, status: string): Promise<void> {
  const res = await page.request.post('/api/updatedonorstatus', {
    headers: sameOrigin(),
    data: { user_id: donorId, status },
  });
  assert.equal(res.status(), 200, await res.text());
}

/** Every dropped mail to `to` whose subject matches. */
async function mailsTo(to: string, subject: RegExp) {
  const dir = process.env.E2E_MAIL_DIR!;
  const names = (await readdir(dir)).filter((n) => n.endsWith('.eml'));
  const mails = await Promise.all(
    names.map(async (n) => parseEml(n, await readFile(path.join(dir, n), 'utf8'))),
  );
  return mails.filter((m) => m.to.toLowerCase() === to && subject.test(m.subject));
}

describe('queue places and notify-me', () => {
  it('a parent sees her place, watches an unavailable donor and is told once when staff make it available', async () => {
    const staff = await newPage(browser);
    const parent = await newPage(browser);
    try {
      await login(staff.page, MANAGER);
      const [requested, watched] = await availableDonors(staff.page, 2);

      // Her place after a request: "1st of 1" on the details page and on her match list.
      await login(parent.page, PARENT);
      await go(parent.page, `/donordetails/${requested}`);
      await parent.page.getByRole('heading', { level: 1 }).waitFor();
      await parent.page.getByRole('button', { name: 'Request a match' }).click();
      await parent.page.getByText('Match requested successfully.').first().waitFor();
      await parent.page.getByText(/Your place: 1st of 1 in the fresh queue/).waitFor();
      await assertAccessible(parent.page, '/donordetails (queue place)');

      await go(parent.page, '/mymatches');
      await parent.page.getByRole('heading', { level: 1, name: 'My match requests' }).waitFor();
      const places = parent.page.getByRole('table', { name: 'Your open match requests' });
      await places.getByRole('cell', { name: '1st of 1 in the fresh queue' }).waitFor();
      await assertAccessible(parent.page, '/mymatches');

      // Notify-me on a donor the agency made unavailable.
      await setAvailability(staff.page, watched!, 'Unavailable');
      await go(parent.page, `/donordetails/${watched}`);
      await parent.page.getByRole('heading', { level: 1 }).waitFor();
      const notify = parent.page.getByRole('switch', { name: /Notify me when this donor is available/ });
      await notify.waitFor();
      assert.equal(await notify.isChecked(), false);
      await assertAccessible(parent.page, '/donordetails (notify-me off)');
      await notify.click({ force: true });
      await parent.page
        .getByText('We will tell you when this donor takes match requests again.')
        .first()
        .waitFor();
      assert.equal(await notify.isChecked(), true);
      await assertAccessible(parent.page, '/donordetails (notify-me on)');

      // Staff make the donor available: the job tells her, by mail and in the bell, once.
      await setAvailability(staff.page, watched!, 'Available');
      const subject = /takes match requests again/;
      const mail = await newestMailTo(
        PARENT,
        (m) => subject.test(m.subject) && m.html.includes(`/donordetails/${watched}`),
      );
      const donorLabel = /Donor (\S+) takes match requests again/.exec(mail.subject)![1]!;
      // Several more passes of the job (every 5 s) and of the mail job: still one.
      await new Promise((resolve) => setTimeout(resolve, 12_000));
      const all = (await mailsTo(PARENT, subject)).filter((m) => m.html.includes(`/donordetails/${watched}`));
      assert.equal(all.length, 1, 'one e-mail for the change');
      await go(parent.page, '/notifications');
      const told = parent.page.getByText(`Donor ${donorLabel} takes match requests again`);
      await told.first().waitFor();
      assert.equal(await told.count(), 1, 'one notification for the change');
      await assertAccessible(parent.page, '/notifications (donor available)');

      // The list shows the watch; turning it off there removes it.
      await go(parent.page, '/mymatches');
      const off = parent.page.getByRole('switch', {
        name: `Notify me when donor ${donorLabel} is available`,
      });
      await off.waitFor();
      await off.click({ force: true });
      await parent.page.getByText('You will no longer be told about this donor.').first().waitFor();
      await off.waitFor({ state: 'detached' });

      // Her request withdrawn (restoring the data other scenarios may read).
      const cancel = await parent.page.request.post('/api/canceldonorrequesttomatch', {
        headers: sameOrigin(),
        data: { donor_id: requested },
      });
      assert.equal(cancel.status(), 200, await cancel.text());
    } finally {
      await staff.context.close();
      await parent.context.close();
    }
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { login } from '../lib/auth.js';
import { assertAccessible, go, newPage, useBrowser } from '../lib/browser.js';
import { newestMailTo } from '../lib/mail.js';

const browser = useBrowser();

// The seed's coaching demo (apps/api/src/seed/coaching.ts): a case manager of the consumer
// center without published hours and an Active member of hers with two credits. No other
// scenario uses them.
const COACH = 'coachmanager111@demo.test';
const MEMBER = 'coachparent111@demo.test';
const CLIENT_ZONE = 'America/Los_Angeles';

async function choose(page: Page, label: string, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

describe('coaching sessions (/coaching-availability, /schedule-coaching-session, /coaching-sessions)', () => {
  it('a manager publishes her hours, a member books a slot in her own time zone, gets the .ics, and the manager marks it done', async () => {
    // 1. The case manager publishes weekday hours, 9 to 5 in New York.
    const coach = await newPage(browser);
    try {
      await login(coach.page, COACH);
      await coach.page.getByRole('link', { name: 'Coaching hours' }).first().click();
      await coach.page.getByRole('heading', { level: 1, name: 'Coaching hours' }).waitFor();
      await assertAccessible(coach.page);
      await coach.page.getByRole('combobox', { name: 'Your time zone' }).fill('America/New_York');
      await coach.page.getByRole('option', { name: 'America/New_York', exact: true }).click();
      await choose(coach.page, 'Session length', '60 minutes');
      await coach.page
        .getByRole('textbox', { name: 'Meeting link or address' })
        .fill('https://meet.demo.test/robin');
      await coach.page.getByRole('button', { name: 'Weekdays 9:00 to 17:00' }).click();
      await coach.page.getByRole('button', { name: 'Publish hours' }).click();
      await coach.page.getByText('Coaching hours saved.').first().waitFor();
      await assertAccessible(coach.page);
    } finally {
      await coach.context.close();
    }

    // 2. The member, her browser in Los Angeles, books the first hour of a full day.
    const member = await newPage(browser, { timezoneId: CLIENT_ZONE });
    let bookedLabel = '';
    try {
      await login(member.page, MEMBER);
      await member.page.getByRole('link', { name: 'Coaching sessions' }).first().click();
      await member.page.getByRole('heading', { level: 1, name: 'Coaching session' }).waitFor();
      await member.page.getByText(`Times are shown in your time zone: ${CLIENT_ZONE}`).waitFor();
      assert.equal(await member.page.getByTestId('credits').textContent(), '2');
      await member.page.getByText('Sessions take place at: https://meet.demo.test/robin').waitFor();
      await assertAccessible(member.page);

      // The second day offered is a whole weekday: 9:00 to 16:00 in New York is 6:00 to 13:00 here.
      await member.page.getByRole('combobox', { name: 'Day' }).click();
      const secondDay = member.page.getByRole('option').nth(1);
      const dayLabel = (await secondDay.textContent())!.trim();
      await secondDay.click();
      const times = member.page.getByRole('radiogroup', { name: 'Time' }).getByRole('radio');
      assert.equal(await times.count(), 8);
      const first = member.page.getByRole('radio', { name: '06:00 AM' });
      await first.check();
      assert.ok(await member.page.getByRole('radio', { name: '01:00 PM' }).isVisible());
      await member.page
        .getByRole('textbox', { name: /What would you like to talk about/ })
        .fill('How to choose between two donors');
      await member.page.getByRole('button', { name: 'Book session' }).click();
      const booked = member.page.getByRole('status').filter({ hasText: 'Session booked' });
      await booked.getByText(/Confirmed: the calendar invitation is on its way/).waitFor();
      bookedLabel = `${dayLabel} at 6:00 AM`;
      await member.page.getByTestId('credits').filter({ hasText: '1' }).waitFor();
      const mine = member.page.getByRole('table', { name: /My coaching sessions/ });
      await mine.getByText('Requested').waitFor();
      await mine.getByText('How to choose between two donors').waitFor();
      await assertAccessible(member.page);
    } finally {
      await member.context.close();
    }

    // 3. Both e-mails carry the calendar invitation; the member's shows her own time zone.
    const mail = await newestMailTo(MEMBER, (m) =>
      m.attachments.some((a) => a.filename === 'coaching-session.ics'),
    );
    assert.match(mail.text, new RegExp(`${bookedLabel.replace(/,/g, ',?')} \\(${CLIENT_ZONE}\\)`));
    const ics = mail.attachments.find((a) => a.filename === 'coaching-session.ics')!;
    assert.match(ics.contentType, /^text\/calendar; charset=utf-8; method=REQUEST/);
    assert.match(ics.content, /^BEGIN:VCALENDAR\r\n/);
    assert.match(ics.content, /\r\nMETHOD:REQUEST\r\n/);
    assert.match(ics.content, /\r\nDTSTART:\d{8}T(13|14)0000Z\r\n/);
    assert.match(ics.content, /\r\nLOCATION:https:\/\/meet\.demo\.test\/robin\r\n/);
    const coachMail = await newestMailTo(COACH, (m) => m.attachments.length > 0);
    assert.match(coachMail.text, /\(America\/New_York\)/);
    assert.match(coachMail.text, / at 9:00 AM /);

    // 4. The manager sees it in her list, reads and adds a comment, and marks it done.
    const again = await newPage(browser);
    try {
      await login(again.page, COACH);
      await again.page.getByRole('link', { name: 'Coaching sessions' }).first().click();
      await again.page.getByRole('heading', { level: 1, name: 'Coaching sessions' }).waitFor();
      const table = again.page.getByRole('table', { name: /My coaching sessions/ });
      await table.getByText('Sam Coachparent111').waitFor();
      await assertAccessible(again.page);
      await table
        .getByRole('button', { name: /^Comments \(0\): the session on .* with Sam Coachparent111$/ })
        .click();
      const comments = again.page.getByRole('dialog', { name: /Comments on the session of/ });
      await comments.getByRole('textbox', { name: 'Comment' }).fill('Please bring both profiles.');
      await comments.getByRole('button', { name: 'Add comment' }).click();
      // The saved comment in the list (the box holds the same words until it is cleared).
      await comments.getByRole('listitem').getByText('Please bring both profiles.').waitFor();
      await assertAccessible(again.page);
      await comments.getByRole('button', { name: 'Cancel' }).click();
      await comments.waitFor({ state: 'hidden' });

      await table
        .getByRole('button', { name: /^Mark done: the session on .* with Sam Coachparent111$/ })
        .click();
      const confirm = again.page.getByRole('dialog', { name: 'Mark the session as done?' });
      await confirm.getByRole('button', { name: 'Mark as done' }).click();
      await again.page.getByText('Session marked as done.').first().waitFor();
      await table.getByText('Done', { exact: true }).waitFor();
      await choose(again.page, 'Status', 'Done');
      await table.getByText('Sam Coachparent111').waitFor();
      await assertAccessible(again.page);
    } finally {
      await again.context.close();
    }
  });

  it('a Pre-Active member is told to subscribe, and a parent of a center without payments is sent away', async () => {
    const preActive = await newPage(browser);
    try {
      await login(preActive.page, 'parent111@demo.test');
      await go(preActive.page, '/schedule-coaching-session');
      await preActive.page.getByText('Subscribe the services to schedule coaching session').waitFor();
      await assertAccessible(preActive.page);
    } finally {
      await preActive.context.close();
    }
    const elsewhere = await newPage(browser);
    try {
      await login(elsewhere.page, 'parent85@demo.test');
      await go(elsewhere.page, '/schedule-coaching-session');
      await elsewhere.page.waitForURL((url) => url.hash.startsWith('#/unauthorize'));
    } finally {
      await elsewhere.context.close();
    }
  });
});

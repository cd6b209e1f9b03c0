import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { acceptTerms, login, submitLogin } from '../lib/auth.js';
import { assertAccessible, go, newPage, route, sameOrigin, useBrowser } from '../lib/browser.js';
import { newestMailTo } from '../lib/mail.js';

const browser = useBrowser();

const PRIMARY = 'pia.profile@demo.test';
const PRIMARY_PASSWORD = 'Pia!Pass1234';
const NEW_PASSWORD = 'Pia!Changed567';
const SECOND = 'sol.profile@demo.test';

/** The sign-up link of the newest invitation to `to`, read from the server's mail drop. */
/** The sign-up link of the newest invitation to `to`; `besides`: waits for one other than it (a re-invitation's). */
async function signupLink(to: string, besides?: string): Promise<string> {
  const mail = await newestMailTo(
    to,
    (m) => m.html.includes('/signup/') && (besides === undefined || !m.html.includes(besides)),
  );
  const match = mail.html.match(/#(\/signup\/[A-Za-z0-9_-]+)/);
  assert.ok(match, 'the invitation carries a sign-up link');
  return match[1]!;
}

/** A primary intended parent of her own (the agency admin invites her, she signs up): the demo parent's password stays. */
async function makePrimaryParent(): Promise<number> {
  const { context, page } = await newPage(browser);
  try {
    await login(page, 'admin@demo.test');
    const invited = await page.request.post('/api/inviteuser', {
      headers: sameOrigin(),
      data: { username: PRIMARY, userType: 9, firstname: 'Pia', lastname: 'Profile' },
    });
    assert.equal(invited.status(), 200, await invited.text());
    const link = await signupLink(PRIMARY);
    const signedUp = await page.request.post('/api/signuptokenauth', {
      headers: sameOrigin(),
      data: {
        token: link.split('/').pop(),
        firstname: 'Pia',
        lastname: 'Profile',
        contactno: '2125550177',
        password: PRIMARY_PASSWORD,
        password_c: PRIMARY_PASSWORD,
      },
    });
    assert.equal(signedUp.status(), 200, await signedUp.text());
    return ((await invited.json()) as { data: { userId: number } }).data.userId;
  } finally {
    await context.close();
  }
}

/** Logs in with a password of the test's own and accepts the terms when shown. */
async function loginAs(page: Parameters<typeof submitLogin>[0], username: string, password: string) {
  await submitLogin(page, username, password);
  const terms = page.getByRole('dialog', { name: 'Terms and Conditions' });
  const left = page.waitForURL((url) => !url.hash.startsWith('#/login')).then(() => 'left' as const);
  const shown = terms.waitFor({ state: 'visible' }).then(() => 'terms' as const);
  if ((await Promise.race([left, shown])) === 'terms') {
    await acceptTerms(page);
    await page.waitForURL((url) => !url.hash.startsWith('#/login'));
  }
}

describe('/editprofile', () => {
  it('a parent invites a second parent who signs up Pre-Active, then changes her password and the session in the other browser ends', async () => {
    const piaId = await makePrimaryParent();
    const first = await newPage(browser);
    const other = await newPage(browser);
    try {
      const { page } = first;
      await loginAs(page, PRIMARY, PRIMARY_PASSWORD);

      // The account menu leads to the profile; My account is the default tab.
      await page.getByRole('button', { name: /Account menu for/ }).click();
      await page.getByRole('menuitem', { name: 'Profile' }).click();
      await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
      assert.equal(route(page), '/editprofile');
      const tabs = await page.getByRole('tab').allTextContents();
      assert.deepEqual(tabs, ['My account', 'Change password', 'Second intended parent']);
      assert.equal(await page.getByRole('tab', { name: 'My account' }).getAttribute('aria-selected'), 'true');
      assert.equal(
        await page.getByRole('link', { name: 'Change profile picture' }).getAttribute('href'),
        '#/profileimg',
      );
      await assertAccessible(page, '/editprofile');

      // Second intended parent: the e-mail twice; she is invited.
      await page.getByRole('tab', { name: 'Second intended parent' }).click();
      await page.waitForURL((url) => url.hash === '#/editprofile/invitesecondintentedparent');
      await page.getByRole('textbox', { name: 'Email', exact: true }).fill(SECOND);
      await page.getByRole('textbox', { name: 'Re-enter email' }).fill('typo.profile@demo.test');
      await page.getByRole('textbox', { name: 'First name' }).fill('Sol');
      await page.getByRole('textbox', { name: 'Last name' }).fill('Second');
      await page.getByRole('button', { name: 'Invite' }).click();
      await page.getByText('Username and re-entered username must be the same.').waitFor();
      await assertAccessible(page, '/editprofile/invitesecondintentedparent (form)');
      await page.getByRole('textbox', { name: 'Re-enter email' }).fill(SECOND);
      await page.getByRole('button', { name: 'Invite' }).click();
      const invited = page.getByRole('table', { name: 'Your second intended parent' });
      await invited.getByRole('cell', { name: 'Invited' }).waitFor();
      const firstLink = await signupLink(SECOND);
      await page.getByRole('button', { name: 'Re-invite' }).click();
      await page.getByText('Invitation sent successfully.').first().waitFor();
      await assertAccessible(page, '/editprofile/invitesecondintentedparent (invited)');

      // She signs up from the e-mailed link and is Pre-Active. The re-invitation spent the first
      // link; its own mail is written by the mail job after the answer, so wait for it.
      const link = await signupLink(SECOND, firstLink);
      const second = await newPage(browser);
      try {
        await go(second.page, link);
        await second.page.getByLabel('Contact number').fill('2125550178');
        await second.page.getByLabel('Password', { exact: true }).fill('Sol!Pass1234');
        await second.page.getByLabel('Confirm password').fill('Sol!Pass1234');
        await second.page.getByRole('button', { name: 'Sign up' }).click();
        await second.page.waitForURL((url) => url.hash.startsWith('#/login'));
      } finally {
        await second.context.close();
      }
      await page.reload();
      await invited.getByRole('cell', { name: 'Pre-Active' }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Re-invite' }).count(), 0);

      // Another session of hers in another browser. A login replaces her older session (one
      // session per person), so the other session is the agency admin working inside her account.
      await login(other.page, 'admin@demo.test');
      // The app is left first: none of its calls still in flight answers for the session the
      // switch replaces (and clears the new cookie) after the switch.
      await other.page.goto('about:blank');
      const switched = await other.page.request.post('/api/authadmin', {
        headers: sameOrigin(),
        data: { id: piaId },
      });
      assert.equal(switched.status(), 200, await switched.text());
      // The switch went through the API: the page reads the session again.
      await go(other.page, '/editprofile');
      await other.page.getByText('You are working as Pia Profile').waitFor();
      await other.page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();

      // Change password: a mismatch is refused before sending, then the password changes.
      await page.getByRole('tab', { name: 'Change password' }).click();
      await page.waitForURL((url) => url.hash === '#/editprofile/changepassword');
      await page.getByLabel('Current password').fill(PRIMARY_PASSWORD);
      await page.getByLabel('New password').fill(NEW_PASSWORD);
      await page.getByLabel('Confirm password').fill('Pia!Other567');
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByText('Password Mismatch.').waitFor();
      await assertAccessible(page, '/editprofile/changepassword');
      await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
      const answered = page.waitForResponse((r) => r.url().includes('/api/changepassword'));
      await page.getByRole('button', { name: 'Change password' }).click();
      assert.equal((await answered).status(), 200);
      await page
        .getByText(/Password changed successfully/)
        .first()
        .waitFor();

      // This browser stays signed in; the other one is signed out at its next step.
      await go(page, '/editprofile');
      await page.getByRole('tab', { name: 'My account' }).waitFor();
      await other.page.getByRole('tab', { name: 'Second intended parent' }).click();
      await other.page.waitForURL((url) => url.hash.startsWith('#/login'));

      // The new password signs in (here, in the other browser).
      await loginAs(other.page, PRIMARY, NEW_PASSWORD);
      assert.ok(!route(other.page).startsWith('/login'));
    } finally {
      await first.context.close();
      await other.context.close();
    }
  });

  it('staff see the staff list tab', async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, 'manager@demo.test');
      await go(page, '/editprofile/staff');
      const table = page.getByRole('table', { name: /Staff of your agency/ });
      await table.getByRole('cell', { name: 'admin@demo.test' }).waitFor();
      assert.deepEqual(await page.getByRole('tab').allTextContents(), [
        'My account',
        'Change password',
        'Staff',
      ]);
      await assertAccessible(page, '/editprofile/staff');
    } finally {
      await context.close();
    }
  });
});

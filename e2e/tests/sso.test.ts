import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import type { Page } from 'playwright-core';
import { acceptTerms, login } from '../lib/auth.js';
import { assertAccessible, baseUrl, go, newPage, route, useBrowser } from '../lib/browser.js';

const browser = useBrowser();

const ISSUER = 'https://partner.circle.e2e.test';
const USER = 'manager46@demo.test';
const AGENCY = 'Circle Surrogacy';

/** The partner's side: a short token naming the user, for this app, signed with its private key. */
async function partnerToken(privateKey: CryptoKey): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: USER })
    .setProtectedHeader({ alg: 'ES256' })
    .setIssuer(ISSUER)
    .setAudience(baseUrl())
    .setIssuedAt(now)
    .setExpirationTime(now + 120)
    .setJti(randomUUID())
    .sign(privateKey);
}

/** Opens the master admin's partner dialog of the agency from the agencies grid. */
async function openPartnerDialog(page: Page) {
  await go(page, '/agencylist');
  await page.getByRole('searchbox', { name: 'Search agencies' }).fill('Circle');
  await page.getByText('1 found').waitFor();
  await page.getByRole('button', { name: `Partner sign-in: ${AGENCY}` }).click();
  const dialog = page.getByRole('dialog', { name: `Partner sign-in: ${AGENCY}` });
  await dialog.getByRole('textbox', { name: 'Issuer' }).waitFor();
  return dialog;
}

describe('partner sign-in (single sign-on)', () => {
  it('the master admin trusts a partner; its token signs the user in once; a replay is refused', async () => {
    const keys = await generateKeyPair('ES256');
    const admin = await newPage(browser);
    const user = await newPage(browser);
    const replay = await newPage(browser);
    try {
      // The master admin configures the partner with its public key.
      await login(admin.page, 'master@demo.test');
      let dialog = await openPartnerDialog(admin.page);
      await dialog.getByRole('textbox', { name: 'Issuer' }).fill(ISSUER);
      await dialog
        .getByRole('textbox', { name: 'Partner public keys' })
        .fill(await exportSPKI(keys.publicKey));
      await dialog
        .getByRole('textbox', { name: 'Partner login URL' })
        .fill('https://partner.circle.e2e.test/login');
      await assertAccessible(admin.page, '/agencylist partner sign-in');
      await dialog.getByRole('button', { name: 'Save partner' }).click();
      await admin.page.getByText('Partner sign-in saved.').first().waitFor();
      await dialog.waitFor({ state: 'hidden' });

      // The partner sends the browser to the login page with its token: it lands signed in.
      const token = await partnerToken(keys.privateKey);
      await user.page.goto(`${baseUrl()}/#/login?sso_token=${token}`);
      const terms = user.page.getByRole('dialog', { name: 'Terms and Conditions' });
      const left = user.page.waitForURL((url) => !url.hash.startsWith('#/login'));
      if ((await Promise.race([left.then(() => 'left'), terms.waitFor().then(() => 'terms')])) === 'terms')
        await acceptTerms(user.page);
      await left;
      assert.equal(route(user.page), '/');
      assert.ok(!user.page.url().includes(token), 'the token left the address');
      const me = await user.page.request.get('/api/me');
      assert.equal(((await me.json()) as { data: { username: string } }).data.username, USER);
      await assertAccessible(user.page, '/ after partner sign-in');

      // The same token a second time is refused with the spec's message.
      await replay.page.goto(`${baseUrl()}/#/login?sso_token=${token}`);
      await replay.page.getByRole('alert').filter({ hasText: 'Unable to process sso login.' }).waitFor();
      assert.equal(route(replay.page), '/login');
      await assertAccessible(replay.page, '/login refused partner token');

      // Leave the agency as the other scenarios know it.
      dialog = await openPartnerDialog(admin.page);
      await dialog.getByRole('button', { name: 'Remove partner' }).click();
      await admin.page.getByText('Partner sign-in removed.').first().waitFor();
    } finally {
      await admin.context.close();
      await user.context.close();
      await replay.context.close();
    }
  });
});

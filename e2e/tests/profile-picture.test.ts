import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { login } from '../lib/auth.js';
import { assertAccessible, go, newPage, route, sameOrigin, useBrowser } from '../lib/browser.js';

const browser = useBrowser();

/** A 40x20 PNG: turned a quarter it becomes 20x40, which shows the rotation reached the server. */
const WIDE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAUCAIAAABwJOjsAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAMElEQVRIiWM4Y5w2IIhh1GLj0aA+M5q40kazk/FoAXJmtMhMG60kjEerxbThXy0CAI+JW91VzFeOAAAAAElFTkSuQmCC',
  'base64',
);

/** The natural size of the header avatar's picture once it has loaded. */
async function avatarSize(page: Page): Promise<{ width: number; height: number }> {
  const img = page.getByRole('banner').getByRole('link', { name: 'Profile picture' }).locator('img');
  await img.waitFor();
  return img.evaluate(async (el: HTMLImageElement) => {
    await el.decode();
    return { width: el.naturalWidth, height: el.naturalHeight };
  });
}

describe('profile picture', () => {
  it('parent@demo.test uploads a picture, crops and rotates it, sees it in the header, then removes it', async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, 'parent@demo.test');
      const header = page.getByRole('banner');
      // No picture yet: the header shows the initials, linking to /profileimg.
      await header.getByRole('link', { name: 'Profile picture' }).click();
      await page.getByRole('heading', { name: 'Profile picture', level: 1 }).waitFor();
      assert.equal(route(page), '/profileimg');
      await page.getByText('No picture yet: your initials show instead.').waitFor();
      await assertAccessible(page);

      // The client refuses a wrong type with the spec's message.
      const picker = page.getByLabel('Choose a picture');
      await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
      assert.equal((await page.getByRole('alert').textContent())?.trim(), 'Invalid File Type');

      // Choose, turn right once and upload the edited picture.
      await picker.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: WIDE_PNG });
      await page.getByRole('img', { name: 'Chosen picture me.png' }).waitFor();
      await page.getByRole('button', { name: 'Crop and rotate', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Crop and rotate profile picture' });
      await dialog.waitFor();
      await assertAccessible(page, '/profileimg (editor)');
      await dialog.getByRole('button', { name: 'Rotate right' }).click();
      await dialog.getByRole('button', { name: 'Upload edited picture' }).click();
      await page.getByText('Profile picture updated successfully.').first().waitFor();
      await dialog.waitFor({ state: 'hidden' });

      // The page and the header show it, turned: 20 wide, 40 high.
      await page
        .getByRole('img', { name: /^Profile picture of / })
        .first()
        .waitFor();
      assert.deepEqual(await avatarSize(page), { width: 20, height: 40 });
      await assertAccessible(page, '/profileimg (with a picture)');

      // The server refuses what the client would: an empty edited image.
      const me = (await (await page.request.get('/api/me')).json()).data;
      const empty = await page.request.post(`/api/uploadprofilepic/${me.userId}/0/${me.role}`, {
        headers: sameOrigin(),
        multipart: {
          edited: '1',
          file: { name: 'edited.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(0) },
        },
      });
      assert.equal(empty.status(), 400);
      assert.equal((await empty.json()).message, 'Edited image size is too small');

      // Another page keeps the header picture.
      await go(page, '/notifications');
      assert.deepEqual(await avatarSize(page), { width: 20, height: 40 });

      // Remove it: the initials come back.
      await go(page, '/profileimg');
      await page.getByRole('button', { name: 'Remove picture' }).click();
      await page
        .getByRole('dialog', { name: 'Remove profile picture' })
        .getByRole('button', { name: 'Delete' })
        .click();
      await page.getByText('No picture yet: your initials show instead.').waitFor();
      await header
        .getByRole('link', { name: 'Profile picture' })
        .locator('img')
        .waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });
});

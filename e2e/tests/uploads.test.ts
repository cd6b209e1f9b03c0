import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { login } from '../lib/auth.js';
import { assertAccessible, go, newPage, sameOrigin, useBrowser } from '../lib/browser.js';

const browser = useBrowser();

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

let danaId = 0;

describe('uploads', () => {
  // No route mounts the photos & media tab on this branch yet (the donor form mounts
  // DonorMediaTab on the donorform branch), so the donor's uploads go through the API with her
  // browser session; the staff panel below is driven through the page.
  it('donor@demo.test uploads a photo and a document and gets them back', async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, 'donor@demo.test');
      const me = await page.request.get('/api/me');
      danaId = (await me.json()).data.userId;
      const photo = await page.request.post(`/api/uploaddonorpic/${danaId}`, {
        headers: sameOrigin(),
        multipart: { caption: 'Hiking', file: { name: 'hike.png', mimeType: 'image/png', buffer: PNG } },
      });
      assert.equal(photo.status(), 200, await photo.text());
      const doc = await page.request.post(`/api/uploaddonordocument/${danaId}`, {
        headers: sameOrigin(),
        multipart: { file: { name: 'transcript.pdf', mimeType: 'application/pdf', buffer: PDF } },
      });
      assert.equal(doc.status(), 200, await doc.text());
      // A PDF named .png is refused by its bytes.
      const fake = await page.request.post(`/api/uploaddonorpic/${danaId}`, {
        headers: sameOrigin(),
        multipart: { file: { name: 'fake.png', mimeType: 'image/png', buffer: PDF } },
      });
      assert.equal(fake.status(), 400);
      assert.equal((await fake.json()).message, 'File is invalid.');

      const media = (await (await page.request.get(`/api/donormedia/${danaId}`)).json()).data;
      const pic = media.pictures.find((p: { caption: string | null }) => p.caption === 'Hiking');
      assert.ok(pic, 'the photo is listed');
      const served = await page.request.get(pic.url);
      assert.equal(served.status(), 200);
      assert.equal(served.headers()['content-type'], 'image/png');
      assert.ok(media.documents.some((d: { name: string }) => d.name === 'transcript.pdf'));
    } finally {
      await context.close();
    }
  });

  it('an admin adds an additional document on the donor page', async () => {
    assert.ok(danaId > 0, 'the first scenario found the donor');
    const { context, page } = await newPage(browser);
    try {
      await login(page, 'admin@demo.test');
      await go(page, `/donordetails/${danaId}/0/7`);
      const panel = page.getByRole('region', { name: 'Upload additional documents' });
      await panel.waitFor();
      await panel.getByLabel('Choose documents').setInputFiles({
        name: 'screening.pdf',
        mimeType: 'application/pdf',
        buffer: PDF,
      });
      await panel.getByRole('button', { name: 'Upload' }).click();
      await page.getByText('File(s) uploaded successfully.').first().waitFor();
      await panel.getByRole('link', { name: 'screening.pdf' }).waitFor();
      await assertAccessible(page);
    } finally {
      await context.close();
    }
  });
});

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { login } from '../lib/auth.js';
import { assertAccessible, go, newPage, route, useBrowser } from '../lib/browser.js';

const browser = useBrowser();

/** The first center-1 donor the signed-in user may open, found through the API with the page's session. */
async function firstCenter1Donor(page: Page): Promise<{ id: number; shownId: string }> {
  for (let id = 1; id < 400; id++) {
    const res = await page.request.get(`/api/getdonordetails/${id}`);
    if (res.status() !== 200) continue;
    const { data } = (await res.json()) as {
      data: { centerId: number; displayId: string | null; agencyDisplayId: string | null };
    };
    // The one id a donor is shown by: the agency's id when set, else the system display id.
    const shownId = data.agencyDisplayId ?? data.displayId;
    if (data.centerId === 1 && shownId) return { id, shownId };
  }
  throw new Error('No center-1 donor visible');
}

describe('donor PDF', () => {
  it('a case manager opens the PDF view from the donor page and downloads the PDF', async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, 'manager@demo.test');
      const donor = await firstCenter1Donor(page);
      await go(page, `/donordetails/${donor.id}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Download PDF' }).click();
      await page.getByRole('heading', { level: 1, name: 'Donor PDF' }).waitFor();
      assert.equal(route(page), `/pdfpreview/${donor.id}/6`);
      await page.getByText(`Donor ID ${donor.shownId}`).waitFor({ timeout: 30_000 });
      assert.equal(
        await page.getByTitle(`Donor ${donor.shownId} profile (PDF)`).getAttribute('type'),
        'application/pdf',
      );

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Download', exact: true }).click(),
      ]);
      assert.equal(download.suggestedFilename(), `donor-${donor.shownId}.pdf`);
      const bytes = await readFile((await download.path())!);
      assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-');
      const pdf = await PDFDocument.load(bytes);
      assert.ok(pdf.getPageCount() > 1);
      assert.match(pdf.getTitle() ?? '', /donor profile/);

      await assertAccessible(page);
    } finally {
      await context.close();
    }
  });
});

import { type DonorPdf, donorDisplayId, PDF_MAX_IMAGES } from '@dm/shared';
import { audit } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth-context.js';
import * as donors from '../donors/donors.service.js';
import type { PdfImage } from './donor-pdf.render.js';
import * as repo from './donor-pdf.repo.js';

/** The picture types pdfkit can embed; others are counted as not shown. */
const EMBEDDABLE = new Set(['image/png', 'image/jpeg', 'image/jpg']);

const safeName = (text: string) => text.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'donor';

/**
 * POST getpdffromhtml: the donor page as a PDF. The page itself comes from the details service
 * (visibility rule, per-role redaction, the client's captcha threshold and the read audit); the
 * pictures embedded are those of that redacted page (no private ones for a client), default
 * first, at most PDF_MAX_IMAGES, read from storage in one go. The export is audited with the
 * pictures it holds.
 */
export async function donorPdf(deps: donors.Deps, auth: Auth, donorId: number): Promise<DonorPdf> {
  const details = await donors.donorDetails(deps, auth, donorId);
  const chosen = [...details.pictures]
    .sort((a, b) => Number(b.isDefault) - Number(a.isDefault))
    .filter((p) => EMBEDDABLE.has(p.contentType))
    .slice(0, PDF_MAX_IMAGES);
  const keys = await repo.pictureKeys(
    deps.db,
    donorId,
    chosen.map((p) => p.id),
  );
  const read = await Promise.all(
    chosen.map(async (file): Promise<PdfImage | null> => {
      const key = keys.get(file.id);
      if (!key) return null;
      try {
        return { file, data: await deps.storage.read(key) };
      } catch {
        // A picture whose file is gone is left out; the rest of the profile still prints.
        return null;
      }
    }),
  );
  const images = read.filter((i): i is PdfImage => i !== null);
  // Loaded on first use: pdfkit and its fonts cost about 22 MB that most processes never need.
  const { renderDonorPdf } = await import('./donor-pdf.render.js');
  const { pdf, images: embedded } = await renderDonorPdf(details, images, deps.clock.now());
  await audit(deps.db, auth, {
    action: 'donor.pdf',
    entityType: 'donor',
    entityId: donorId,
    centerId: details.centerId,
    details: { pictures: images.map((i) => i.file.id), embedded, bytes: pdf.length },
  });
  return {
    fileName: `donor-${safeName(donorDisplayId(details))}.pdf`,
    contentType: 'application/pdf',
    pdf: pdf.toString('base64'),
    images: embedded,
  };
}

import { type DonorPdf, PDF_MAX_IMAGES } from '@dm/shared';
import { audit } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth-context.js';
import { AppError } from '../../platform/errors.js';
import * as donors from '../donors/donors.service.js';
import { type PdfImage, renderDonorPdf } from './donor-pdf.render.js';

/** The picture types pdfkit can embed; others are listed as not shown. */
const EMBEDDABLE = new Set(['image/png', 'image/jpeg', 'image/jpg']);

const safeName = (text: string) => text.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'donor';

/**
 * POST getpdffromhtml: the donor page as a PDF. The page itself comes from the details service
 * (visibility rule, per-role redaction, the client's captcha threshold and the read audit), and
 * each picture through the same file read the page uses, so the PDF never shows more than the
 * page would. The default picture comes first; at most PDF_MAX_IMAGES are embedded.
 */
export async function donorPdf(deps: donors.Deps, auth: Auth, donorId: number): Promise<DonorPdf> {
  const details = await donors.donorDetails(deps, auth, donorId);
  const chosen = [...details.pictures]
    .sort((a, b) => Number(b.isDefault) - Number(a.isDefault))
    .filter((p) => EMBEDDABLE.has(p.contentType))
    .slice(0, PDF_MAX_IMAGES);
  const read = await Promise.all(
    chosen.map(async (file): Promise<PdfImage | null> => {
      try {
        return { file, data: (await donors.donorFile(deps, auth, 'picture', file.id)).data };
      } catch (error) {
        // A picture whose file is gone is left out; the rest of the profile still prints.
        if (error instanceof AppError && error.statusCode === 404) return null;
        throw error;
      }
    }),
  );
  const images = read.filter((i): i is PdfImage => i !== null);
  const { pdf, images: embedded } = await renderDonorPdf(details, images, deps.clock.now());
  await audit(deps.db, auth, {
    action: 'donor.pdf',
    entityType: 'donor',
    entityId: donorId,
    centerId: details.centerId,
    details: { images: embedded, bytes: pdf.length },
  });
  return {
    fileName: `donor-${safeName(details.displayId ?? String(details.donorId))}.pdf`,
    contentType: 'application/pdf',
    pdf: pdf.toString('base64'),
    images: embedded,
  };
}

import { idSchema } from '@dm/shared';
import { z } from 'zod';
import { donorIdParams } from '../donors/donors.schemas.js';

/**
 * POST getpdffromhtml {id, globals, usertypeid}. What the PDF holds is decided by the session, as
 * for the details page: `usertypeid` and `globals` (the original web's settings object) are
 * accepted for the spec's call shape and never widen what the caller sees.
 */
export const pdfBody = z.object({
  id: donorIdParams.shape.id,
  usertypeid: idSchema({ message: 'User type is invalid.' }).optional(),
  globals: z.record(z.string(), z.unknown(), { error: 'Globals must be an object.' }).optional(),
});

export const donorPdf = z.object({
  fileName: z.string(),
  contentType: z.literal('application/pdf'),
  pdf: z.string().describe('The PDF, base64'),
  images: z.number().int().describe('How many of the pictures are embedded (at most 10)'),
});

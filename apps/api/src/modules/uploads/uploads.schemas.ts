import { ADDITIONAL_DOCUMENT_KINDS, CAPTION_MAX, idSchema, ROLE, UPLOAD_MSG } from '@dm/shared';
import { z } from 'zod';

const donorId = idSchema({ label: 'Donor id' });
const flag = z.union([
  z.boolean(),
  z.enum(['true', 'false', '0', '1']).transform((v) => v === 'true' || v === '1'),
]);

export const donorParams = z.object({ id: donorId });
export const profilePicParams = z.object({
  id: donorId,
  role: z.coerce.number().refine((r) => r === ROLE.DONOR, 'Role must be the donor role.'),
});
export const uploadParams = z.object({ id: donorId, uploadId: z.uuid('Upload id is invalid.') });
export const chunkParams = uploadParams.extend({
  index: z.coerce
    .number({ error: UPLOAD_MSG.CHUNK_INVALID })
    .int(UPLOAD_MSG.CHUNK_INVALID)
    .min(0, UPLOAD_MSG.CHUNK_INVALID),
});

export const startVideoBody = z.object({
  fileName: z.string({ error: UPLOAD_MSG.SELECT_FILE }).min(1, UPLOAD_MSG.SELECT_FILE).max(500),
  size: z.number({ error: UPLOAD_MSG.INVALID }).int(UPLOAD_MSG.INVALID),
});

export const pictureBody = z.object({ picId: idSchema({ label: 'Picture id' }), donorId });
export const captionBody = pictureBody.extend({
  caption: z.string().max(CAPTION_MAX, `Caption can not be more than ${CAPTION_MAX} characters.`).default(''),
});
export const visibilityBody = z.object({
  is_public: flag,
  id: idSchema({ label: 'File id' }),
  type: z.enum(['picture', 'video', 'document'], { error: 'File type is invalid.' }),
  donorId,
});
export const videoBody = z.object({ video_id: idSchema({ label: 'Video id' }), donorId });
export const documentBody = z.object({ document_id: idSchema({ label: 'Document id' }), donorId });
export const donorBody = z.object({ donor_id: donorId });

export const additionalQuery = z.object({
  donor_id: donorId,
  fileType: z.enum(ADDITIONAL_DOCUMENT_KINDS, { error: 'File type is invalid.' }),
});
export const additionalBody = z.object({ doc_id: idSchema({ label: 'Document id' }) });
export const additionalVisibilityBody = z.object({
  doc_id: idSchema({ label: 'Document id' }),
  is_public: flag,
});

const mediaFile = z.object({
  id: z.number(),
  url: z.string(),
  name: z.string().nullable(),
  caption: z.string().nullable(),
  contentType: z.string(),
  sizeBytes: z.number(),
  private: z.boolean(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});

export { mediaFile };
export const mediaFiles = z.array(mediaFile);
export const videoUpload = z.object({
  uploadId: z.string(),
  fileName: z.string(),
  sizeBytes: z.number(),
  chunkSize: z.number(),
  totalChunks: z.number(),
  received: z.array(z.number()),
  status: z.enum(['uploading', 'assembling']),
});
export const donorMedia = z.object({
  donorId: z.number(),
  pictures: mediaFiles,
  videos: mediaFiles,
  videoUploads: z.array(videoUpload),
  documents: mediaFiles,
  covidDocument: mediaFile.nullable(),
  imageGuidelinesAccepted: z.boolean(),
  lastVisitedAt: z.string().nullable(),
});
export const lastVisited = z.object({ lastVisitedAt: z.string().nullable() });
export const additionalResult = z.object({
  uploaded: mediaFiles,
  failed: z.array(z.object({ name: z.string(), message: z.string() })),
});

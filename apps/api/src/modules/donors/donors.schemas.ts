import { idSchema, MSG } from '@dm/shared';
import { z } from 'zod';

const donorId = idSchema({ label: 'Donor id' });

export const donorIdParams = z.object({ id: donorId });
/** The spec's calls carry an optional /usertype suffix; the server decides by the session instead. */
export const donorIdWithTypeParams = z.object({ id: donorId, usertype: z.string().optional() });
export const fileParams = z.object({
  kind: z.enum(['picture', 'video', 'document', 'additional'], { error: 'File kind is invalid.' }),
  fileId: idSchema({ label: 'File id' }),
});
/** The spec's path names the note's author too (0: none); who may remove it is decided by the session. */
export const noteParams = z.object({
  noteId: idSchema({ label: 'Note id' }),
  managerId: idSchema({ orZero: true }).optional(),
});
export const favoriteListParams = z.object({ id: idSchema({ label: 'User id' }).optional() });

export const donorViewBody = z
  .object({ captcha: z.string().max(20_000, MSG.CAPTCHA_INVALID).optional() })
  .default({});

/** POST donornotes: a missing or blank note answers "Note cannot be blank." */
export const addNoteBody = z.object({
  donor_id: donorId,
  note: z
    .string({ error: MSG.NOTE_BLANK })
    .max(5000, 'Note can not be more than 5000 characters.')
    .default(''),
});

export const saveNotesBody = z.object({
  donorid: donorId,
  notes: z
    .string({ error: 'Notes must be text.' })
    .max(20_000, 'Notes can not be more than 20000 characters.'),
});

export const favoriteBody = z.object({ donor_id: donorId, userid: idSchema().optional() });

export const shareDonorBody = z.object({
  shared_to: idSchema({ message: MSG.SELECT_MANAGER }).optional(),
  message: z
    .string({ error: 'Message must be text.' })
    .max(2000, 'Message can not be more than 2000 characters.')
    .default(''),
  donor_id: donorId,
  display_id: z.string().optional(),
});

/** GET comparedonors?ids=1,2,3 */
export const compareQuery = z.object({
  ids: z.string({ error: MSG.COMPARE_MINIMUM }).transform((value, ctx) => {
    const parts = value
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
    const ids = z.array(donorId).safeParse(parts);
    if (ids.success) return ids.data;
    ctx.addIssue({ code: 'custom', message: ids.error.issues[0]!.message });
    return z.NEVER;
  }),
});

const fieldValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]);
const fields = z.record(z.string(), fieldValue);
const file = z.object({
  id: z.number(),
  url: z.string(),
  title: z.string().nullable(),
  contentType: z.string(),
  private: z.boolean(),
  isDefault: z.boolean(),
  kind: z.string().nullable(),
});
export const donorFiles = z.array(file);
const note = z.object({
  noteId: z.number(),
  managerId: z.number().nullable(),
  managerName: z.string(),
  note: z.string(),
  createdAt: z.string(),
});
export const donorNote = note;
export const donorNotes = z.array(note);
export const donorFieldsList = z.array(fields);
const named = z.array(z.object({ name: z.string(), percentage: z.number() }));

export const donorDetails = z.object({
  donorId: z.number(),
  displayId: z.string().nullable(),
  agencyDisplayId: z.string().nullable(),
  centerId: z.number(),
  centerName: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  age: z.number().nullable(),
  availability: z.string(),
  frozenAvailability: z.string().nullable(),
  donorType: z.string().nullable(),
  viewsCount: z.number(),
  isFavorite: z.boolean(),
  compensation: z.number().nullable(),
  ssn: z.string().nullable(),
  contact: z
    .object({
      email: z.string(),
      contactNo: z.string(),
      countryCode: z.string(),
      address: z.string().nullable(),
    })
    .nullable(),
  general: fields,
  personalHealth: fields,
  healthAnswers: z.array(z.object({ key: z.string(), answer: z.boolean(), details: z.string().nullable() })),
  characteristics: fields,
  races: named,
  ethnicities: named,
  family: z.object({ members: donorFieldsList, history: donorFieldsList, diseases: donorFieldsList }),
  education: z.object({ records: donorFieldsList, exams: donorFieldsList }),
  pastDonations: donorFieldsList,
  medications: donorFieldsList,
  deliveries: donorFieldsList,
  customAnswers: z.array(z.object({ question: z.string(), answer: z.string() })),
  pictures: donorFiles,
  videos: donorFiles,
  documents: donorFiles,
  additionalDocuments: donorFiles.nullable(),
  frozenBatches: donorFieldsList.nullable(),
  notes: donorNotes.nullable(),
  adminNotes: z.string().nullable(),
  matchPanels: z.object({ active: donorFieldsList, queued: donorFieldsList }).nullable(),
});

const summary = {
  donorId: z.number(),
  displayId: z.string().nullable(),
  agencyDisplayId: z.string().nullable(),
  firstName: z.string().nullable(),
  age: z.number().nullable(),
  availability: z.string(),
  donorType: z.string().nullable(),
  centerId: z.number(),
  heightCm: z.number().nullable(),
  eyeColor: z.string().nullable(),
  hairColor: z.string().nullable(),
  educationLevel: z.string().nullable(),
  bloodGroup: z.string().nullable(),
  picture: z.string().nullable(),
};
export const favoriteList = z.array(z.object({ ...summary, favoritedAt: z.string() }));
export const sharedDonorList = z.array(
  z.object({
    ...summary,
    shareId: z.number(),
    sharedByName: z.string(),
    message: z.string(),
    sharedAt: z.string(),
  }),
);
export const compareList = z.array(
  z.object({
    ...summary,
    compensation: z.number().nullable(),
    races: z.array(z.string()),
    ethnicities: z.array(z.string()),
    religion: z.string().nullable(),
    previousDonor: z.boolean(),
    provenFertility: z.boolean(),
    amhValue: z.number().nullable(),
    donationCount: z.number(),
  }),
);
export const managerOptions = z.array(z.object({ userId: z.number(), name: z.string() }));

/**
 * POST requestdonordetailsaccess {fullName, userId, donorId, displayId, query, query_flag}: the
 * request needs a question or message. Who asks comes from the session: fullName and userId are
 * accepted for the spec's shape and ignored.
 */
export const detailsAccessBody = z.object({
  donorId: donorId,
  displayId: z.string().max(100).nullish(),
  query: z.string({ error: MSG.QUERY_EMPTY }).trim().min(1, MSG.QUERY_EMPTY).max(5000, MSG.QUERY_EMPTY),
  query_flag: z.union([z.boolean(), z.number(), z.string().max(50)]).optional(),
  fullName: z.string().max(300).optional(),
  userId: idSchema().optional(),
});

/** POST setfavandnotesnotification {shared_by, donor_id, type, message, portfolio}. */
export const favNotesBody = z.object({
  donor_id: donorId,
  type: z.enum(['favorite', 'notes'], { error: 'Type must be favorite or notes.' }),
  message: z
    .string({ error: MSG.NOTE_BLANK })
    .max(5000, 'Note can not be more than 5000 characters.')
    .default(''),
  portfolio: idSchema().nullish(),
  shared_by: idSchema().nullish(),
});

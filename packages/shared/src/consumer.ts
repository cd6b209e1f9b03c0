import { z } from 'zod';
import { MSG } from './messages.js';
import { emailSchema, idSchema, nameSchema } from './validation.js';

/**
 * The consumer center's client pages beyond payments and coaching (decision 025): the
 * concierge membership upgrade, the site tour and the education resources.
 */

// --- concierge membership upgrade ---

export const MSG_CONCIERGE = {
  REQUESTED: 'Thank you! Your concierge membership request has been sent. Our team will contact you shortly.',
  ALREADY_REQUESTED: 'You have already requested the concierge membership.',
  PRIVACY: 'Please accept the privacy policy.',
  CONTACT_DIGITS: 'Contact number must be at most 10 digits.',
  HANDLED: 'The concierge request is marked as handled.',
  ALREADY_HANDLED: 'This concierge request is already handled.',
  NOTE: 'The note must be at most 1000 characters.',
} as const;

/** POST upgradetoconciergemembership: the spec's fields, all but the two choices mandatory, and the privacy policy accepted. */
export const conciergeUpgradeBody = z.object({
  firstname: nameSchema('First Name'),
  lastname: nameSchema('Last Name'),
  email: emailSchema,
  contactno: z
    .string()
    .trim()
    .min(1, MSG.FILL_CONTACT_NUMBER)
    .regex(/^\d{1,10}$/, MSG_CONCIERGE.CONTACT_DIGITS),
  newsletter: z.boolean().default(false),
  voicemail: z.boolean().default(false),
  /** The privacy policy accepted (the checkbox of the dialog); recorded with the request. */
  privacy_policy: z.literal(true, { error: MSG_CONCIERGE.PRIVACY }),
});
export type ConciergeUpgradeBody = z.input<typeof conciergeUpgradeBody>;

export const CONCIERGE_STATUSES = ['requested', 'handled'] as const;
export type ConciergeStatus = (typeof CONCIERGE_STATUSES)[number];
export const CONCIERGE_STATUS_LABELS: Record<ConciergeStatus, string> = {
  requested: 'Requested',
  handled: 'Handled',
};

/** The dialog's fields as the profile has them (the prefill). */
export const conciergeFields = z.object({
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  contactno: z.string(),
  newsletter: z.boolean(),
  voicemail: z.boolean(),
});

/** GET checkconciergemembershiprequested: the requested flag, and what the dialog opens with. */
export const conciergeStateData = z.object({
  requested: z.boolean(),
  status: z.enum(CONCIERGE_STATUSES).nullable(),
  requestedAt: z.string().nullable(),
  prefill: conciergeFields,
});
export type ConciergeState = z.infer<typeof conciergeStateData>;

/** One request on the staff's list (/conciergerequests). */
export const conciergeRequestData = conciergeFields.extend({
  id: z.number(),
  userId: z.number(),
  clientName: z.string(),
  clientStatus: z.string(),
  status: z.enum(CONCIERGE_STATUSES),
  requestedAt: z.string(),
  assignedToName: z.string().nullable(),
  handledByName: z.string().nullable(),
  handledAt: z.string().nullable(),
  handledNote: z.string(),
});
export type ConciergeRequest = z.infer<typeof conciergeRequestData>;

/** POST handleconciergerequest: staff mark a request handled, with an optional note. */
export const handleConciergeBody = z.object({
  id: idSchema(),
  note: z.string().trim().max(1000, MSG_CONCIERGE.NOTE).default(''),
});

// --- site tour ---

export const SITE_TOUR_OUTCOMES = ['finished', 'skipped'] as const;
export type SiteTourOutcome = (typeof SITE_TOUR_OUTCOMES)[number];

/** POST sitetourseen: the tour was finished or skipped; it is not offered again. */
export const siteTourSeenBody = z.object({
  outcome: z.enum(SITE_TOUR_OUTCOMES, { error: 'Outcome must be finished or skipped.' }),
});

export const siteTourData = z.object({
  seen: z.boolean(),
  outcome: z.enum(SITE_TOUR_OUTCOMES).nullable(),
});
export type SiteTourState = z.infer<typeof siteTourData>;

// --- education resources ---

export const EDUCATION_RESOURCE_TYPES = ['articles', 'videos', 'guides', 'faqs'] as const;
export type EducationResourceType = (typeof EDUCATION_RESOURCE_TYPES)[number];
export const EDUCATION_RESOURCE_TYPE_LABELS: Record<EducationResourceType, string> = {
  articles: 'Articles',
  videos: 'Videos',
  guides: 'Guides',
  faqs: 'FAQs',
};
/** The singular, for buttons and dialog titles ("Add article"). */
export const EDUCATION_RESOURCE_TYPE_SINGULAR: Record<EducationResourceType, string> = {
  articles: 'article',
  videos: 'video',
  guides: 'guide',
  faqs: 'FAQ',
};

export const EDUCATION_LIMITS = { title: 200, summary: 500, body: 20_000, link: 2_000 } as const;

export const MSG_EDUCATION = {
  TYPE: 'Unknown resource type.',
  TITLE: 'Please enter a title.',
  TITLE_LONG: `The title must be at most ${EDUCATION_LIMITS.title} characters.`,
  SUMMARY_LONG: `The summary must be at most ${EDUCATION_LIMITS.summary} characters.`,
  BODY_LONG: `The text must be at most ${EDUCATION_LIMITS.body} characters.`,
  LINK: 'The link must be a web address starting with http:// or https://.',
  CONTENT: 'Please enter the text or a link.',
  VIDEO_LINK: 'Please enter the link of the video.',
  FAQ_ANSWER: 'Please enter the answer.',
  ORDER: 'The order must name every resource of this type once.',
  SAVED: 'The resource is saved.',
  DELETED: 'The resource is deleted.',
  PUBLISHED: 'The resource is published.',
  UNPUBLISHED: 'The resource is unpublished.',
  REORDERED: 'The order is saved.',
} as const;

/** An http or https address; anything else (javascript:, data:, relative) is refused. */
export function isWebLink(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export const educationTypeSchema = z.enum(EDUCATION_RESOURCE_TYPES, { error: MSG_EDUCATION.TYPE });
export const educationTypeParams = z.object({ resourcetype: educationTypeSchema });

/** POST saveeducationresource: add (no id) or edit a resource. */
export const saveEducationResourceBody = z
  .object({
    id: idSchema().optional(),
    type: educationTypeSchema,
    title: z
      .string()
      .trim()
      .min(1, MSG_EDUCATION.TITLE)
      .max(EDUCATION_LIMITS.title, MSG_EDUCATION.TITLE_LONG),
    summary: z.string().trim().max(EDUCATION_LIMITS.summary, MSG_EDUCATION.SUMMARY_LONG).default(''),
    body: z.string().trim().max(EDUCATION_LIMITS.body, MSG_EDUCATION.BODY_LONG).default(''),
    link: z
      .string()
      .trim()
      .max(EDUCATION_LIMITS.link, MSG_EDUCATION.LINK)
      .refine((v) => v === '' || isWebLink(v), MSG_EDUCATION.LINK)
      .default(''),
    published: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    const refuse = (path: 'body' | 'link', message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.type === 'videos' && v.link === '') refuse('link', MSG_EDUCATION.VIDEO_LINK);
    else if (v.type === 'faqs' && v.body === '') refuse('body', MSG_EDUCATION.FAQ_ANSWER);
    else if (v.body === '' && v.link === '') refuse('body', MSG_EDUCATION.CONTENT);
  });
export type SaveEducationResourceBody = z.input<typeof saveEducationResourceBody>;

const resourceId = idSchema();

/** POST reordereducationresources: every resource of the type, in the new order. */
export const reorderEducationBody = z.object({
  type: educationTypeSchema,
  ids: z.array(resourceId).min(1, MSG_EDUCATION.ORDER).max(500, MSG_EDUCATION.ORDER),
});

/** POST publisheducationresource */
export const publishEducationBody = z.object({ id: resourceId, published: z.boolean() });

/** POST deleteeducationresource */
export const deleteEducationBody = z.object({ id: resourceId });

export const educationResourceData = z.object({
  id: z.number(),
  type: z.enum(EDUCATION_RESOURCE_TYPES),
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  link: z.string(),
  position: z.number(),
  published: z.boolean(),
  updatedAt: z.string(),
});
export type EducationResource = z.infer<typeof educationResourceData>;

/**
 * A resource's text as paragraphs: blank lines part them, single line breaks stay inside. The
 * page renders each as plain text (never as HTML), so nothing an admin types can run as markup.
 */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

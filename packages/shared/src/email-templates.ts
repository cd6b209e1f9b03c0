import { z } from 'zod';
import { MSG } from './messages.js';
import { idSchema } from './validation.js';

/*
 * The e-mail template and mail-server screens (emailtemplate, testconnection). The bodies of the
 * writes (addEmailTemplateBody, updateEmailTemplateBody, smtpConnectionSaveBody) are in
 * validation.ts with the other form schemas; the reads keep the spec's names: ?center_id=
 * (settingsCenterQuery) and email_type.
 */

/** POST /getemaildefinition and getdefaultemaildefinition */
export const emailTypeBody = z.object({ email_type: idSchema({ message: MSG.MANDATORY_TEMPLATE }) });

/** POST /deleteemaildefinition */
export const templateIdBody = z.object({ id: idSchema() });

/** POST /gettestconnection */
export const connectionCenterBody = z.object({ center_id: idSchema().optional() });

/** GET /api/getemailtypes */
export const emailTypeOption = z.object({
  id: z.number(),
  title: z.string(),
  placeholders: z.array(z.string()),
});
export type EmailTypeOption = z.output<typeof emailTypeOption>;

/** POST /api/getemaildefinition and getdefaultemaildefinition */
export const emailDefinition = z.object({
  /** The saved template's id; null when the answer is the type's default wording. */
  id: z.number().nullable(),
  centerId: z.number(),
  emailTypeId: z.number(),
  title: z.string(),
  subject: z.string(),
  definition: z.string(),
  signature: z.string(),
  placeholders: z.array(z.string()),
  /** True when the agency has its own template for this type. */
  exist: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type EmailDefinition = z.output<typeof emailDefinition>;

/** POST /api/gettestconnection: the stored connection info; the password never leaves the server. */
export const connectionInfo = z.object({
  centerId: z.number(),
  host: z.string(),
  port: z.number(),
  secure: z.boolean(),
  username: z.string(),
  /** Whether a password is stored (the password itself never leaves the server). */
  hasPassword: z.boolean(),
  fromEmail: z.string(),
  fromName: z.string(),
  updatedAt: z.string().nullable(),
});
export type ConnectionInfo = z.output<typeof connectionInfo>;

/**
 * GET /api/devoutbox: the local mail outbox (development transport only, absent in production).
 * Subject and body are shown only to the mail's recipient; other mail is listed without them.
 */
export const outboxMail = z.object({
  id: z.number(),
  toAddress: z.string(),
  subject: z.string(),
  html: z.string(),
  status: z.string(),
  createdAt: z.string(),
});
export type OutboxMail = z.output<typeof outboxMail>;

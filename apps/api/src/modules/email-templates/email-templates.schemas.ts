import type { ConnectionInfo, EmailDefinition, EmailTypeOption, OutboxMail } from '@dm/shared';
import { idSchema, MSG } from '@dm/shared';
import { z } from 'zod';

/*
 * Request bodies of the writes are the shared schemas (addEmailTemplateBody,
 * updateEmailTemplateBody, smtpConnectionSaveBody) that the web forms use too. The reads keep
 * the spec's names: ?center_id= (settingsCenterQuery) and email_type.
 */

export const emailTypeBody = z.object({ email_type: idSchema({ message: MSG.MANDATORY_TEMPLATE }) });

export const templateIdBody = z.object({ id: idSchema() });

/** POST /gettestconnection */
export const connectionCenterBody = z.object({ center_id: idSchema().optional() });

export const emailTypeOption = z.object({
  id: z.number(),
  title: z.string(),
  placeholders: z.array(z.string()),
}) satisfies z.ZodType<EmailTypeOption>;

export const emailDefinition = z.object({
  id: z.number().nullable(),
  centerId: z.number(),
  emailTypeId: z.number(),
  title: z.string(),
  subject: z.string(),
  definition: z.string(),
  signature: z.string(),
  placeholders: z.array(z.string()),
  exist: z.boolean(),
  updatedAt: z.string().nullable(),
}) satisfies z.ZodType<EmailDefinition>;

/** The password itself never leaves the server; hasPassword says whether one is stored. */
export const connectionInfo = z.object({
  centerId: z.number(),
  host: z.string(),
  port: z.number(),
  secure: z.boolean(),
  username: z.string(),
  hasPassword: z.boolean(),
  fromEmail: z.string(),
  fromName: z.string(),
  updatedAt: z.string().nullable(),
}) satisfies z.ZodType<ConnectionInfo>;

export const outboxMail = z.object({
  id: z.number(),
  toAddress: z.string(),
  subject: z.string(),
  html: z.string(),
  status: z.string(),
  createdAt: z.string(),
}) satisfies z.ZodType<OutboxMail>;

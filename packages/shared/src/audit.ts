import { z } from 'zod';
import { isIsoDate } from './mapping.js';
import { isRoleId } from './roles.js';
import { idSchema } from './validation.js';

/**
 * The audit list (/auditlog): who read or changed a donor's profile, newest first. The master
 * admin sees every center (optionally one), an agency admin the donors of her own center.
 */
export const AUDIT_PAGE_SIZE = 25;

export const AUDIT_MSG = {
  FROM_INVALID: 'From date is invalid.',
  TO_INVALID: 'To date is invalid.',
  DATE_RANGE: 'The from date must be on or before the to date.',
  DONOR_INVALID: 'Donor ID is too long.',
  USER_INVALID: 'User is too long.',
  PAGE_INVALID: 'Page is invalid.',
  CENTER_INVALID: 'Center is invalid.',
} as const;

/** A calendar day (YYYY-MM-DD), empty meaning no bound: a date filter's field (audit log, coaching lists). */
export const optionalDay = (message: string) =>
  z
    .string(message)
    .trim()
    .refine((v) => v === '' || isIsoDate(v), message)
    .optional()
    .transform((v) => (v ? v : undefined));

const text = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => (v ? v : undefined));

/** GET /auditlog?donor=&user=&from=&to=&center=&page= */
export const auditLogQuery = z
  .object({
    /** The donor's id as shown on the grids, the agency's own id, or her user id. */
    donor: text(50, AUDIT_MSG.DONOR_INVALID),
    /** Part of the name or e-mail of the user who acted. */
    user: text(100, AUDIT_MSG.USER_INVALID),
    from: optionalDay(AUDIT_MSG.FROM_INVALID),
    to: optionalDay(AUDIT_MSG.TO_INVALID),
    /** Master admin: one center (0 or absent: all). Agency admin: her own or absent. */
    center: idSchema({ message: AUDIT_MSG.CENTER_INVALID, orZero: true }).default(0),
    page: z.coerce
      .number({ error: AUDIT_MSG.PAGE_INVALID })
      .int(AUDIT_MSG.PAGE_INVALID)
      .min(1, AUDIT_MSG.PAGE_INVALID)
      .max(100_000, AUDIT_MSG.PAGE_INVALID)
      .default(1),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: AUDIT_MSG.DATE_RANGE, path: ['to'] });
/** The query as the web sends it (strings and numbers; empty means no filter). */
export interface AuditLogQuery {
  donor?: string;
  user?: string;
  from?: string;
  to?: string;
  center?: number;
  page?: number;
}

const roleId = z.number().refine(isRoleId);

export const auditEntry = z.object({
  id: z.number(),
  at: z.string(),
  action: z.string(),
  /** The caller's address, when known. */
  ip: z.string().nullable(),
  /** null: the system (a background job). */
  user: z.object({ id: z.number(), name: z.string(), role: roleId }).nullable(),
  /** The admin behind a switched session. */
  onBehalfOf: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** agencyDisplayId and displayId as the donor grids show them; null once the donor was deleted. */
  donor: z.object({
    id: z.number(),
    displayId: z.string().nullable(),
    agencyDisplayId: z.string().nullable(),
    centerId: z.number().nullable(),
  }),
});
export type AuditEntry = z.output<typeof auditEntry>;

export const auditPage = z.object({
  rows: z.array(auditEntry),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AuditPage = z.output<typeof auditPage>;

/** A readable name for an audit action (donor.form.staff_edit -> "Form staff edit"). */
export function auditActionLabel(action: string): string {
  const words = action
    .replace(/^donor\./, '')
    .replace(/[._-]+/g, ' ')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

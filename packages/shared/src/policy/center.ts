import { ROLE } from '../roles.js';
import { isMaster, type PolicySubject } from './subject.js';

/**
 * The center a center-scoped report or tool (statistics, cron runs, e-mail templates) acts on:
 * the master the one named (none named: every center, null); everyone else their own, and a
 * named other center is unseen (undefined, answered 404).
 */
export function scopedCenter(s: PolicySubject, centerId: number | null): number | null | undefined {
  if (isMaster(s)) return centerId;
  return centerId === null || centerId === s.centerId ? s.centerId : undefined;
}

/**
 * An agency's Twilio number and account (updateagencytwiliophonenumber): the master admin sets
 * them; an agency admin asks for a change (agencyrequestfortwilionumberchange) instead.
 */
export const maySetAgencyPhone = (s: PolicySubject): boolean => isMaster(s);
export const mayRequestAgencyNumberChange = (s: PolicySubject): boolean => s.role === ROLE.ADMIN;

/** Global fee options (every agency's): the master admin's alone. */
export const mayManageGlobalFeeOptions = (s: PolicySubject): boolean => isMaster(s);

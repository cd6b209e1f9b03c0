import {
  type AvailableSessionCount,
  type CalendlyCallback,
  COACHING_SESSION_STATUSES,
  COACHING_SLOT_MINUTES,
  type CoachingAddress,
  type CoachingComment,
  type CoachingHours,
  type CoachingSession,
  type CoachingSessionPage,
  type CoachingSlots,
} from '@dm/shared';
import { z } from 'zod';

/*
 * Request bodies are the shared schemas (scheduleSessionBody, updateSessionStatusBody,
 * sessionListBody, saveSessionCommentBody, saveCoachingHoursBody, calendlyCallbackBody) the web
 * forms use too; these are the answers.
 */

export const coachingSession = z.object({
  sessionId: z.number(),
  status: z.enum(COACHING_SESSION_STATUSES),
  scheduledTime: z.string(),
  endTime: z.string(),
  details: z.string(),
  clientId: z.number(),
  clientName: z.string(),
  managerId: z.number(),
  managerName: z.string(),
  location: z.string(),
  bookedAt: z.string(),
  doneAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  comments: z.number(),
}) satisfies z.ZodType<CoachingSession>;

export const coachingSessionPage = z.object({
  rows: z.array(coachingSession),
  total: z.number(),
}) satisfies z.ZodType<CoachingSessionPage>;

export const coachingComment = z.object({
  commentId: z.number(),
  sessionId: z.number(),
  authorId: z.number(),
  authorName: z.string(),
  comment: z.string(),
  createdAt: z.string(),
}) satisfies z.ZodType<CoachingComment>;

export const coachingHours = z.object({
  published: z.boolean(),
  timeZone: z.string(),
  slotMinutes: z.literal(COACHING_SLOT_MINUTES),
  meetingAddress: z.string(),
  weekly: z.array(z.object({ weekday: z.number(), start: z.string(), end: z.string() })),
  blockedDates: z.array(z.string()),
  updatedAt: z.string().nullable(),
}) satisfies z.ZodType<CoachingHours>;

export const coachingSlots = z.object({
  manager: z.object({ id: z.number(), name: z.string(), timeZone: z.string() }),
  slotMinutes: z.number(),
  slots: z.array(z.string()),
}) satisfies z.ZodType<CoachingSlots>;

export const availableSessionCount = z.object({
  prod_available: z.number(),
}) satisfies z.ZodType<AvailableSessionCount>;

export const coachingAddress = z.object({
  managerId: z.number(),
  managerName: z.string(),
  meetingAddress: z.string(),
  timeZone: z.string(),
}) satisfies z.ZodType<CoachingAddress>;

export const calendlyCallback = z.object({
  count: z.number(),
  confirmed: z.boolean(),
  session: coachingSession.nullable(),
  prod_available: z.number(),
}) satisfies z.ZodType<CalendlyCallback>;

import { z } from 'zod';
import {
  availableSessionCount,
  calendlyCallback,
  calendlyCallbackBody,
  coachingAddress,
  coachingComment,
  coachingHours,
  coachingSession,
  coachingSessionPage,
  coachingSlots,
  saveCoachingHoursBody,
  saveSessionCommentBody,
  scheduleSessionBody,
  sessionIdBody,
  sessionIdParams,
  sessionListBody,
  updateSessionStatusBody,
} from '../coaching.js';
import { endpoint } from '../contract.js';

/** The client's booking page; the staff list (managers and admins); the manager's hours. */
const client = { pages: ['schedule-coaching-session'] } as const;
const staff = { pages: ['coaching-sessions'] } as const;
const hours = { pages: ['coaching-availability'] } as const;
/** The credits count shows where credits are bought too. */
const credits = { pages: ['schedule-coaching-session', 'buy-coaching-credit'] } as const;
/** Session lists and comments: the client's page and the staff list. */
const sessions = { pages: ['schedule-coaching-session', 'coaching-sessions'] } as const;
/** Where sessions take place: the client's page (her manager's) and the manager's hours (her own). */
const address = { pages: ['schedule-coaching-session', 'coaching-availability'] } as const;

/** Coaching sessions: the client books with her case manager, who publishes her hours. */
export const coachingContract = {
  slots: endpoint({
    method: 'GET',
    path: '/getcoachingslots',
    access: client,
    summary: "The free times of the client's case manager (ISO instants), two hours to 28 days ahead",
    data: coachingSlots,
  }),
  schedule: endpoint({
    method: 'POST',
    path: '/schedulecounsellingsession',
    access: client,
    summary: 'Book a free slot with the case manager for one coaching credit (409 when just taken)',
    body: scheduleSessionBody,
    data: coachingSession,
  }),
  calendlyCallback: endpoint({
    method: 'POST',
    path: '/fetchcalendlycallback',
    access: client,
    summary: "The booking confirmation poll: the couple's newest booking and the credits left",
    body: calendlyCallbackBody,
    data: calendlyCallback,
  }),
  availableCount: endpoint({
    method: 'GET',
    path: '/getavailablesessioncount',
    access: credits,
    summary: "The couple's coaching credits left (prod_available)",
    data: availableSessionCount,
  }),
  list: endpoint({
    method: 'POST',
    path: '/getcounsellingsessionlist',
    access: sessions,
    summary: "A page of coaching sessions: the couple's own, a manager's own, an admin's center's",
    body: sessionListBody,
    data: coachingSessionPage,
  }),
  saveComment: endpoint({
    method: 'POST',
    path: '/savesessioncomment',
    access: sessions,
    summary: 'Add a comment to a session; answers its comments',
    body: saveSessionCommentBody,
    data: z.array(coachingComment),
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/cancelcoachingsession',
    access: sessions,
    summary: 'Cancel a requested session before it starts; its credit goes back',
    body: sessionIdBody,
    data: coachingSession,
  }),
  comments: endpoint({
    method: 'GET',
    path: '/getallsessioncomments/:sessionId',
    access: sessions,
    summary: "A session's comments, oldest first",
    params: sessionIdParams,
    data: z.array(coachingComment),
  }),
  confirm: endpoint({
    method: 'POST',
    path: '/updatesessionstatus',
    access: staff,
    summary: 'Confirm that a requested session took place (Requested to Done)',
    body: updateSessionStatusBody,
    data: coachingSession,
  }),
  address: endpoint({
    method: 'GET',
    path: '/fetchcoahingsessionaddress',
    access: address,
    summary: "Where sessions take place: the case manager's meeting link or address",
    data: coachingAddress,
  }),
  hours: endpoint({
    method: 'GET',
    path: '/getcoachingavailability',
    access: hours,
    summary: "The manager's own coaching hours",
    data: coachingHours,
  }),
  saveHours: endpoint({
    method: 'POST',
    path: '/savecoachingavailability',
    access: hours,
    summary: "Publish the manager's weekly hours, session length, blocked days and meeting place",
    body: saveCoachingHoursBody,
    data: coachingHours,
  }),
};

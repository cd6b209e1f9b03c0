import {
  COACHING_MSG,
  calendlyCallbackBody,
  type PageKey,
  saveCoachingHoursBody,
  saveSessionCommentBody,
  scheduleSessionBody,
  sessionIdBody,
  sessionIdParams,
  sessionListBody,
  updateSessionStatusBody,
} from '@dm/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../platform/deps.js';
import { callRoutes, jsonRoute } from '../../platform/routes.js';
import { cancelSession, confirmSession, schedule } from './coaching.booking.js';
import { myHours, saveHours, sessionAddress, slots } from './coaching.hours.js';
import {
  availableSessionCount,
  calendlyCallback as callbackAnswer,
  coachingAddress,
  coachingComment,
  coachingHours,
  coachingSession,
  coachingSessionPage,
  coachingSlots,
} from './coaching.schemas.js';
import {
  availableCount,
  calendlyCallback,
  listSessions,
  saveComment,
  sessionComments,
} from './coaching.sessions.js';

/** The client's booking page; the staff list (managers and admins); the manager's hours. */
const CLIENT: readonly PageKey[] = ['schedule-coaching-session'];
const STAFF: readonly PageKey[] = ['coaching-sessions'];
const HOURS: readonly PageKey[] = ['coaching-availability'];
/** The credits count shows where credits are bought too. */
const CREDITS: readonly PageKey[] = ['schedule-coaching-session', 'buy-coaching-credit'];
/** Session lists and comments: the client's page and the staff list. */
const SESSIONS: readonly PageKey[] = ['schedule-coaching-session', 'coaching-sessions'];
/** Where sessions take place: the client's page (her manager's) and the manager's hours (her own). */
const ADDRESS: readonly PageKey[] = ['schedule-coaching-session', 'coaching-availability'];

export const coachingRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  callRoutes(app, deps, CLIENT, [
    [
      '/getcoachingslots',
      "The free times of the client's case manager (ISO instants), two hours to 28 days ahead",
      null,
      coachingSlots,
      undefined,
      slots,
    ],
    [
      '/schedulecounsellingsession',
      'Book a free slot with the case manager for one coaching credit (409 when just taken)',
      scheduleSessionBody,
      coachingSession,
      COACHING_MSG.BOOKED,
      schedule,
    ],
    [
      '/fetchcalendlycallback',
      "The booking confirmation poll: the couple's newest booking and the credits left",
      calendlyCallbackBody,
      callbackAnswer,
      undefined,
      calendlyCallback,
    ],
  ]);
  callRoutes(app, deps, CREDITS, [
    [
      '/getavailablesessioncount',
      "The couple's coaching credits left (prod_available)",
      null,
      availableSessionCount,
      undefined,
      availableCount,
    ],
  ]);
  callRoutes(app, deps, SESSIONS, [
    [
      '/getcounsellingsessionlist',
      "A page of coaching sessions: the couple's own, a manager's own, an admin's center's",
      sessionListBody,
      coachingSessionPage,
      undefined,
      listSessions,
    ],
    [
      '/savesessioncomment',
      'Add a comment to a session; answers its comments',
      saveSessionCommentBody,
      z.array(coachingComment),
      COACHING_MSG.COMMENT_SAVED,
      saveComment,
    ],
    [
      '/cancelcoachingsession',
      'Cancel a requested session before it starts; its credit goes back',
      sessionIdBody,
      coachingSession,
      COACHING_MSG.CANCELLED,
      cancelSession,
    ],
  ]);
  jsonRoute(app, 'GET /getallsessioncomments/:sessionId', SESSIONS, {
    summary: "A session's comments, oldest first",
    params: sessionIdParams,
    data: z.array(coachingComment),
    run: (auth, { params }) => sessionComments(deps, auth, params.sessionId),
  });
  callRoutes(app, deps, STAFF, [
    [
      '/updatesessionstatus',
      'Confirm that a requested session took place (Requested to Done)',
      updateSessionStatusBody,
      coachingSession,
      COACHING_MSG.DONE,
      confirmSession,
    ],
  ]);
  callRoutes(app, deps, ADDRESS, [
    [
      '/fetchcoahingsessionaddress',
      "Where sessions take place: the case manager's meeting link or address",
      null,
      coachingAddress,
      undefined,
      sessionAddress,
    ],
  ]);
  callRoutes(app, deps, HOURS, [
    ['/getcoachingavailability', "The manager's own coaching hours", null, coachingHours, undefined, myHours],
    [
      '/savecoachingavailability',
      "Publish the manager's weekly hours, session length, blocked days and meeting place",
      saveCoachingHoursBody,
      coachingHours,
      COACHING_MSG.HOURS_SAVED,
      saveHours,
    ],
  ]);
};

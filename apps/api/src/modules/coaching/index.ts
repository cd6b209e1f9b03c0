// The coaching module's front door: what other modules may use of it.

// Coaching credits, which a payment grants and its page shows.
export { coachingCreditBalance, grantCoachingCredits } from './coaching.credits.js';
export { coachingRoutes } from './coaching.routes.js';

import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../platform/deps.js';
import type { JobDefinition } from '../platform/jobs/runner.js';
import { webhookDeliveryJob } from './agency-api/index.js';
import { authRoutes } from './auth/auth.routes.js';
import { type DexiJobDeps, dexiRunJob } from './dexi/index.js';
import { healthRoutes } from './health/index.js';
import { chatPartnerIds } from './messaging/messaging.service.js';
import { type RenewalJobDeps, subscriptionRenewalJob } from './payments/payments.subscription.js';
import { type DonorWatchJobDeps, donorWatchJob } from './queue/queue.jobs.js';
import { donorReminderJob, type ReminderJobDeps } from './reminders/index.js';
import { type SearchAlertJobDeps, searchAlertJob } from './search-alerts/search-alerts.jobs.js';
import { donorImportJob } from './staff-donors/staff-donors.import.js';
import { usersRoutes } from './users/users.routes.js';

/** Each domain registers its routes here, under /api. */
export async function registerModules(api: FastifyInstance, deps: ModuleDeps): Promise<void> {
  await api.register(healthRoutes, deps);
  await api.register(authRoutes, deps);
  await api.register(usersRoutes, deps);
  await api.register((await import('./centers/centers.routes.js')).centersRoutes, deps);
  await api.register((await import('./email-templates/index.js')).emailTemplatesRoutes, deps);
  await api.register((await import('./search/search.routes.js')).searchRoutes, deps);
  await api.register((await import('./donors/donors.routes.js')).donorsRoutes, deps);
  await api.register((await import('./donor-pdf/donor-pdf.routes.js')).donorPdfRoutes, deps);
  await api.register((await import('./preform/index.js')).preformRoutes, deps);
  await api.register((await import('./matches/matches.routes.js')).matchesRoutes, deps);
  await api.register((await import('./portfolios/portfolios.routes.js')).portfoliosRoutes, deps);
  await api.register((await import('./questions/index.js')).questionsRoutes, deps);
  await api.register((await import('./agencies/index.js')).agenciesRoutes, deps);
  await api.register((await import('./partners/partners.routes.js')).partnersRoutes, deps);
  await api.register((await import('./uploads/uploads.routes.js')).uploadsRoutes, deps);
  await api.register((await import('./profile-picture/index.js')).profilePictureRoutes, deps);
  await api.register((await import('./statistics/index.js')).statisticsRoutes, deps);
  await api.register((await import('./staff-donors/staff-donors.routes.js')).staffDonorsRoutes, deps);
  await api.register((await import('./donorform/donorform.routes.js')).donorformRoutes, deps);
  await api.register((await import('./mapping/index.js')).mappingRoutes, deps);
  await api.register((await import('./cron/index.js')).cronRoutes, deps);
  await api.register((await import('./audit/index.js')).auditRoutes, deps);
  await api.register((await import('./notifications/index.js')).notificationsRoutes, deps);
  await api.register((await import('./messaging/messaging.routes.js')).messagingRoutes, deps);
  await api.register((await import('./texts/texts.routes.js')).textsRoutes, deps);
  await api.register((await import('./account/account.routes.js')).accountRoutes, deps);
  await api.register((await import('./profile/index.js')).profileRoutes, deps);
  await api.register((await import('./ipform/index.js')).ipformRoutes, deps);
  await api.register((await import('./reminders/index.js')).remindersRoutes, deps);
  await api.register((await import('./dexi/index.js')).dexiRoutes, deps);
  await api.register((await import('./search-alerts/search-alerts.routes.js')).searchAlertsRoutes, deps);
  // Carrier-screening compatibility (decision 026).
  await api.register((await import('./genetics/index.js')).geneticsRoutes, deps);
  await api.register((await import('./agency-settings/index.js')).agencySettingsRoutes, deps);
  // The consumer center's pages beyond payments (decision 025).
  await api.register((await import('./concierge/index.js')).conciergeRoutes, deps);
  await api.register((await import('./site-tour/index.js')).siteTourRoutes, deps);
  await api.register((await import('./education/index.js')).educationRoutes, deps);
  await api.register((await import('./coaching/index.js')).coachingRoutes, deps);
  await api.register((await import('./payments/payments.routes.js')).paymentsRoutes, deps);
  // Queue places and notify-me (decision 027).
  await api.register((await import('./queue/queue.routes.js')).queueRoutes, deps);
  // The agency API's keys and webhooks (decision 028).
  await api.register((await import('./agency-api/index.js')).agencyApiRoutes, deps);
}

/**
 * Each domain's background jobs; main.ts hands them to the job runner with the platform's own.
 * The reminder scheduler and the saved-search digests seal the mails they queue, so they need the
 * app's secrets and address; the digests push the bell's count through `realtime` when given; the
 * external data job reads DATA_DIR and opens the sealed API keys; the subscription renewals reach
 * the configured payment provider.
 */
export function moduleJobs(
  deps: ReminderJobDeps & SearchAlertJobDeps & DexiJobDeps & RenewalJobDeps & DonorWatchJobDeps,
): JobDefinition[] {
  return [
    donorImportJob,
    donorReminderJob(deps),
    searchAlertJob(deps),
    dexiRunJob(deps),
    subscriptionRenewalJob(deps),
    donorWatchJob(deps),
    webhookDeliveryJob(deps),
  ];
}

/**
 * Who may see a user's presence on the socket (platform/realtime-socket.ts): the people
 * the user has a chat with.
 */
export function presenceAudience(deps: ModuleDeps): (userId: number) => Promise<number[]> {
  return (userId) => chatPartnerIds(deps.db, userId);
}

import { endpoint } from '../contract.js';
import { databaseHealth, diskHealth, healthCredentials, jobsHealth } from '../health.js';

/**
 * The health-check page's login and checks. Public: the page has its own login from the
 * configuration, and every check carries it. (/health, /health/live and /health/ready stay plain
 * routes: they answer 503, which a contract's route does not set.)
 */
const access = { public: true } as const;

export const healthContract = {
  authenticate: endpoint({
    method: 'POST',
    path: '/healthcheckauthenticate',
    access,
    summary: 'The health check login (throttled per address)',
    body: healthCredentials,
    data: null,
  }),
  database: endpoint({
    method: 'POST',
    path: '/checkdatabase',
    access,
    summary: "Health check: the database answers (the spec's checkmysql)",
    body: healthCredentials,
    data: databaseHealth,
  }),
  space: endpoint({
    method: 'POST',
    path: '/checkspace',
    access,
    summary: 'Health check: free space where the data directory lives',
    body: healthCredentials,
    data: diskHealth,
  }),
  jobs: endpoint({
    method: 'POST',
    path: '/checkjobs',
    access,
    summary: "Health check: the background job runner (in place of the spec's checkmongo)",
    body: healthCredentials,
    data: jobsHealth,
  }),
};

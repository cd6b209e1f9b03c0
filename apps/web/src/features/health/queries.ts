import type { HealthCredentials } from '@dm/shared';
import { api } from '../../lib/api';

/** POST healthcheckauthenticate: the health page's own login (the page shows a refusal). */
export function authenticateHealth(credentials: HealthCredentials) {
  return api<null>('healthcheckauthenticate', { body: credentials, silent: true });
}

import { z } from 'zod';
import { savedSearchId } from './search.js';

/**
 * Saved-search alerts (beyond the spec; decision 021): a parent or case manager
 * switches on a daily e-mail (and text) of the donors who began to match a saved search.
 */

export const MSG_SEARCH_ALERT = {
  ON: 'You will get a daily e-mail when new donors match this search.',
  OFF: 'The daily e-mail for this search is off.',
  FLAG: 'Alert must be true or false.',
  DAYS: 'Days must be a whole number from 0 to 30.',
} as const;

/** The label of the switch wherever saved searches are listed or picked. */
export const SEARCH_ALERT_LABEL = 'E-mail me new matches daily';

/** PUT /savedsearchalert */
export const searchAlertBody = z.object({
  search_id: savedSearchId,
  alert: z.boolean({ error: MSG_SEARCH_ALERT.FLAG }),
});
export type SearchAlertBody = z.infer<typeof searchAlertBody>;

export const searchAlertData = z.object({ search_id: z.number(), alert: z.boolean() });
export type SearchAlertData = z.infer<typeof searchAlertData>;

/** POST devsearchalertpass (development only): the caller's digest pass as if `days` days later. */
export const devSearchAlertPassBody = z.object({
  days: z
    .number({ error: MSG_SEARCH_ALERT.DAYS })
    .int(MSG_SEARCH_ALERT.DAYS)
    .min(0, MSG_SEARCH_ALERT.DAYS)
    .max(30, MSG_SEARCH_ALERT.DAYS)
    .default(0),
});

/** The day a digest belongs to: the UTC calendar date of the pass (one digest per user and day). */
export function digestDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** "1 new donor", "3 new donors". */
export function newDonorsPhrase(count: number): string {
  return `${count} new donor${count === 1 ? '' : 's'}`;
}

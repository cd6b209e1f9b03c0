import { siteTourData, siteTourSeenBody } from '../consumer.js';
import { endpoint } from '../contract.js';

/** The consumer center's clients (the /site-tour page's rule). */
const access = { pages: ['site-tour'] } as const;

/** The site tour's state: offered until the caller finished or skipped it. */
export const siteTourContract = {
  status: endpoint({
    method: 'GET',
    path: '/sitetourstatus',
    access,
    summary: 'Whether the caller has finished or skipped the site tour (it is offered until then)',
    data: siteTourData,
  }),
  seen: endpoint({
    method: 'POST',
    path: '/sitetourseen',
    access,
    summary: 'Records the site tour finished or skipped, so it is not offered again',
    body: siteTourSeenBody,
    data: siteTourData,
  }),
};

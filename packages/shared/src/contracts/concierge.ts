import { z } from 'zod';
import {
  conciergeRequestData,
  conciergeStateData,
  conciergeUpgradeBody,
  handleConciergeBody,
} from '../consumer.js';
import { endpoint } from '../contract.js';

/**
 * The client's calls declare the membership page: the consumer center's primary intended parents,
 * Pre-Active ones too (others are sent to /unauthorize, a secondary parent home). Staff read and
 * handle on /conciergerequests.
 */
const client = { pages: ['join-as-a-member'] } as const;
const staff = { pages: ['conciergerequests'] } as const;

/** The concierge membership upgrade: the client asks once, the center's staff handle it. */
export const conciergeContract = {
  state: endpoint({
    method: 'GET',
    path: '/checkconciergemembershiprequested',
    access: client,
    summary:
      'Whether the caller asked for the concierge membership, and the fields the upgrade dialog opens with',
    data: conciergeStateData,
  }),
  request: endpoint({
    method: 'POST',
    path: '/upgradetoconciergemembership',
    access: client,
    summary: 'Asks for the concierge membership (once): mandatory contact fields, privacy policy accepted',
    body: conciergeUpgradeBody,
    data: conciergeStateData,
  }),
  requests: endpoint({
    method: 'GET',
    path: '/conciergerequests',
    access: staff,
    summary: "The center's concierge membership requests, open ones first",
    data: z.array(conciergeRequestData),
  }),
  handle: endpoint({
    method: 'POST',
    path: '/handleconciergerequest',
    access: staff,
    summary: 'Marks a concierge membership request handled, with an optional note',
    body: handleConciergeBody,
    data: z.array(conciergeRequestData),
  }),
};

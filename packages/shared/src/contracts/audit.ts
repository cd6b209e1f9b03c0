import { auditLogQuery, auditPage } from '../audit.js';
import { endpoint } from '../contract.js';

/** The donor audit list (/auditlog): master admin every center, agency admin her own. */
export const auditContract = {
  list: endpoint({
    method: 'GET',
    path: '/auditlog',
    access: { pages: ['auditlog'] },
    summary: "Who read or changed donors' profiles, newest first, filtered by donor, user and days",
    query: auditLogQuery,
    data: auditPage,
  }),
};

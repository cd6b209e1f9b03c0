import { z } from 'zod';
import { endpoint } from '../contract.js';
import {
  agencyCountTable,
  caseManagerRow,
  caseManagersBody,
  countList,
  countUserByAgencyBody,
  monthlyCounts,
  statCenterBody,
} from '../statistics.js';

const access = { pages: ['statistics'] } as const;
/** A statistic sent without a body counts the caller's center (admin) or every center (master). */
const centerBody = statCenterBody.prefault({});

/**
 * The admin dashboard and the master admin's statistics (/statistics). An admin counts only
 * their own center; the master admin every center or the one named by center_id.
 */
export const statisticsContract = {
  userCountByMonth: endpoint({
    method: 'POST',
    path: '/usercountbymonth',
    access,
    summary: 'Users per type (case manager, admin, intended parent, donor) over 12 months, cumulative',
    body: centerBody,
    data: monthlyCounts,
  }),
  portfolioCountByMonth: endpoint({
    method: 'POST',
    path: '/portfolioCountByMonth',
    access,
    summary: 'Portfolios per state (active, archived, follow-up, upcoming) over 12 months, cumulative',
    body: centerBody,
    data: monthlyCounts,
  }),
  caseManagers: endpoint({
    method: 'POST',
    path: '/getcasemanagersdetails',
    access,
    summary: 'Case managers with their clients and active portfolios, sorted',
    body: caseManagersBody.prefault({}),
    data: z.array(caseManagerRow),
  }),
  donorAvailabilityCount: endpoint({
    method: 'POST',
    path: '/donoravailabilitycount',
    access,
    summary: 'Donors (not archived) per availability',
    body: centerBody,
    data: countList,
  }),
  countUserByAgency: endpoint({
    method: 'POST',
    path: '/countuserbyagency',
    access,
    summary: 'Users of one type per center and status',
    body: countUserByAgencyBody,
    data: agencyCountTable,
  }),
  portfoliosCount: endpoint({
    method: 'POST',
    path: '/portfolioscount',
    access,
    summary: 'Portfolios per center and status',
    body: centerBody,
    data: agencyCountTable,
  }),
  donorTypesCount: endpoint({
    method: 'POST',
    path: '/donorstypescount',
    access,
    summary: 'Donors (not archived) per center and donor type',
    body: centerBody,
    data: agencyCountTable,
  }),
  userCountBeforeCurrentYear: endpoint({
    method: 'POST',
    path: '/usercountbeforecurrentyear',
    access,
    summary: 'Users per type created before 1 January of the current year',
    body: centerBody,
    data: countList,
  }),
  portfolioCountBeforeCurrentYear: endpoint({
    method: 'POST',
    path: '/portfoliocountbeforecurrentyear',
    access,
    summary: 'Portfolios per state created before 1 January of the current year',
    body: centerBody,
    data: countList,
  }),
};

import {
  ageFrom,
  donorDisplayId,
  type Feedback,
  type PortfolioDetail,
  type PortfolioDonor,
  type PortfolioSort,
  type RemainingQueueItem,
  seesHiddenDonorFact,
  seesPortfolioDonorFirstName,
} from '@dm/shared';
import { audit } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth-context.js';
import { donorVisibility } from '../donor-access/index.js';
import { remainingQueue } from '../search/search.service.js';
import {
  type Deps,
  isClient,
  open,
  openEditable,
  openForClientAction,
  settingsOf,
  summary,
} from './portfolios.access.js';
import * as repo from './portfolios.repo.js';

// Reading a portfolio: its donors in order, the first view, queue places, the spreadsheet.

// --- reading a portfolio

function sortDonors(rows: PortfolioDonor[], sort: PortfolioSort): PortfolioDonor[] {
  const by = (key: (d: PortfolioDonor) => number | string | null) =>
    [...rows].sort((a, b) => {
      const x = key(a);
      const y = key(b);
      if (x === y) return a.position - b.position;
      if (x === null) return 1;
      if (y === null) return -1;
      return x < y ? -1 : 1;
    });
  const rank = { yes: 0, maybe: 1, no: 2 } as const;
  switch (sort) {
    case 'order':
      return rows;
    case 'age':
      return by((d) => d.age);
    case 'height':
      return by((d) => d.heightCm);
    case 'feedback':
      return by((d) => (d.feedback ? rank[d.feedback] : null));
    case 'added':
      return by((d) => d.addedAt);
  }
}

async function donorsFor(deps: Deps, auth: Auth, p: repo.PortfolioRow): Promise<PortfolioDonor[]> {
  const rows = await repo.donorRows(deps.db, p.id, await donorVisibility(deps.db, auth));
  const now = deps.clock.now();
  return rows.map((r) => {
    const s = r.centerSettings;
    return {
      donorId: r.donorId,
      displayId: r.displayId,
      agencyDisplayId: r.agencyDisplayId,
      firstName: seesPortfolioDonorFirstName(auth, r.centerId, s.isFirstNameVisible)
        ? r.firstName || null
        : null,
      age: r.dateOfBirth ? ageFrom(r.dateOfBirth, now) : null,
      heightCm: r.heightCm,
      eyeColor: r.eyeColor,
      hairColor: r.hairColor,
      availability: r.availability,
      donorType: seesHiddenDonorFact(auth, s.isDonorTypeVisible) ? r.donorType : null,
      photoUrl: r.pictureId ? `/api/donorphoto/${r.pictureId}` : null,
      position: r.position,
      feedback: (r.feedback as Feedback | null) ?? null,
      remainingQueue: remainingQueue(r.queueCount, s),
      frozenRemainingQueue: remainingQueue(r.frozenQueueCount, s),
      addedAt: r.addedAt.toISOString(),
    };
  });
}

/** GET getshortlistdonors/{id}/populate (editors) and /preview/{sort} (editors and the client). */
export async function detail(
  deps: Deps,
  auth: Auth,
  id: number,
  mode: 'populate' | 'preview',
  sort: PortfolioSort = 'order',
): Promise<PortfolioDetail> {
  const o =
    mode === 'populate'
      ? await openEditable(deps.db, auth, id)
      : await openForClientAction(deps.db, auth, id);
  const donors = sortDonors(await donorsFor(deps, auth, o.p), sort);
  const own = await settingsOf(deps.db, auth.centerId);
  const settings = await settingsOf(deps.db, o.p.centerId);
  await audit(deps.db, auth, {
    action: 'portfolio.read',
    entityType: 'portfolio',
    entityId: id,
    details: { donors: donors.map((d) => d.donorId) },
  });
  return {
    portfolio: summary(await repo.listedById(deps.db, id, auth.userId), o.as),
    donors,
    counts: await repo.feedbackCounts(deps.db, id),
    canGiveFeedback: isClient(auth) && own.feedbackAllowed,
    donorLimit: settings.portfolioDonorCount,
  };
}

/** POST checkportfoliofirstview: true the first time the client opens it (and records that). */
export async function firstView(deps: Deps, auth: Auth, id: number): Promise<{ firstView: boolean }> {
  const o = await open(deps.db, auth, id);
  if (o.as !== 'client' || o.p.firstViewedAt) return { firstView: false };
  const row = await repo.markFirstViewed(deps.db, id, deps.clock.now());
  return { firstView: row !== undefined };
}

export async function remainingQueues(
  deps: Deps,
  auth: Auth,
  donorIds: number[],
): Promise<RemainingQueueItem[]> {
  const rows = await repo.queueRows(deps.db, [...new Set(donorIds)], await donorVisibility(deps.db, auth));
  return rows.map((r) => ({
    donorId: r.donorId,
    remainingQueue: clampQueue(r.queueCount),
    frozenRemainingQueue: clampQueue(r.frozenQueueCount),
  }));
}

/** 3 spots less the queued matches, never below 0 nor above 3 (search spec section 9). */
export const clampQueue = (queued: number) => Math.max(0, Math.min(3, 3 - queued));

// --- download

const HEADERS: [string, number][] = [
  ['Order', 8],
  ['Donor ID', 14],
  ['First name', 16],
  ['Age', 8],
  ['Height (cm)', 12],
  ['Eye color', 12],
  ['Hair color', 12],
  ['Availability', 22],
  ['Donor type', 12],
  ['Remaining queue', 16],
  ['Feedback', 10],
];

/** POST downloadportfolio: the portfolio as an .xlsx, base64. First names only where allowed. */
export async function download(
  deps: Deps,
  auth: Auth,
  input: { id: number; sort: PortfolioSort; order: 'asc' | 'desc'; isFirstNameVisible: boolean },
): Promise<{ fileName: string; data: string } | null> {
  const o = await openForClientAction(deps.db, auth, input.id);
  let donors = sortDonors(await donorsFor(deps, auth, o.p), input.sort);
  if (input.order === 'desc') donors = [...donors].reverse();
  if (donors.length === 0) return null;
  // Loaded on first use: exceljs costs about 28 MB of memory that most processes never need.
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  book.created = deps.clock.now();
  const sheet = book.addWorksheet('Portfolio');
  // The first-name column only where a name may be shown: each donor's own agency decides (donorsFor).
  const firstNames = input.isFirstNameVisible && donors.some((d) => d.firstName !== null);
  const headers = HEADERS.filter(([h]) => firstNames || h !== 'First name');
  sheet.columns = headers.map(([header, width]) => ({ header, width }));
  sheet.getRow(1).font = { bold: true };
  donors.forEach((d, i) => {
    const cells: (string | number | null)[] = [
      i + 1,
      donorDisplayId(d),
      ...(firstNames ? [d.firstName ?? ''] : []),
      d.age,
      d.heightCm,
      d.eyeColor,
      d.hairColor,
      d.availability,
      d.donorType ?? '',
      d.remainingQueue,
      d.feedback ?? '',
    ];
    sheet.addRow(cells);
  });
  const buffer = await book.xlsx.writeBuffer();
  await audit(deps.db, auth, {
    action: 'portfolio.download',
    entityType: 'portfolio',
    entityId: input.id,
    details: { donors: donors.length },
  });
  const safe = o.p.name.replace(/[^A-Za-z0-9 _-]+/g, '').trim() || 'portfolio';
  return { fileName: `${safe}.xlsx`, data: Buffer.from(buffer).toString('base64') };
}

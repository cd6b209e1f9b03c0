import {
  type CompareDonor,
  type DonorGridPage,
  type DonorPdf,
  donorDisplayId,
  EMAIL_TYPE,
  type FavoriteDonor,
  type PortfolioDetail,
  type SearchAnswer,
} from '@dm/shared';
import { and, eq, isNotNull, like, ne } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donors, users } from '../../db/schema/index.js';
import { resolveSession } from '../../platform/auth-context.js';
import { parseCsv } from '../../platform/csv.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';
import { donorVisibility } from '../donor-access/index.js';

/**
 * One donor, one id: a donor with an agency id shows that id (not the system display id) in
 * search, favourites, portfolios, the comparison, the PDF, the spreadsheet, the staff grid and
 * its CSV, and the e-mails that name it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const MANAGER = 'manager@demo.test';
const PARENT = 'parent@demo.test';
const call = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, as = MANAGER) =>
  t.request({ method, url, ...(payload ? { payload } : {}), as });

let donor: { id: number; displayId: string; agencyDisplayId: string };
let second: number;

beforeAll(async () => {
  // Donors of center 1 a client may see (so search, favourites and portfolios all list them),
  // with an agency id that differs from the system display id.
  const auth = await resolveSession(t.db, t.clock, await t.tokenFor(PARENT));
  const rows = await t.db
    .select({ id: donors.userId, displayId: donors.displayId, agencyDisplayId: donors.agencyDisplayId })
    .from(donors)
    .innerJoin(users, eq(users.id, donors.userId))
    .where(
      and(
        eq(donors.centerId, 1),
        like(users.username, '%@synthetic.test'),
        isNotNull(donors.displayId),
        isNotNull(donors.agencyDisplayId),
        ne(donors.agencyDisplayId, donors.displayId),
        await donorVisibility(t.db, auth),
      ),
    )
    .orderBy(donors.userId)
    .limit(2);
  expect(rows).toHaveLength(2);
  donor = rows[0] as typeof donor;
  second = rows[1]!.id;
});

describe('the agency id is the one id shown', () => {
  it('search finds the donor by either id and shows the agency id', async () => {
    for (const id of [donor.agencyDisplayId, donor.displayId]) {
      const res = await call('POST', '/api/getdonorlist', { donor_id: id, recordcount: 25, currentPage: 1 });
      expect(res.statusCode, res.body).toBe(200);
      const rows = body<SearchAnswer>(res).data.rows.filter((r) => r.id === donor.id);
      expect(rows, id).toHaveLength(1);
      expect(donorDisplayId(rows[0]!)).toBe(donor.agencyDisplayId);
    }
  });

  it('favourites and the comparison carry the agency id', async () => {
    expect((await call('POST', '/api/savefavoritedonor', { donor_id: donor.id })).statusCode).toBe(200);
    const favorites = body<FavoriteDonor[]>(await call('GET', '/api/getfavoritelist')).data;
    const favorite = favorites.find((f) => f.donorId === donor.id)!;
    expect(favorite.agencyDisplayId).toBe(donor.agencyDisplayId);
    expect(donorDisplayId(favorite)).toBe(donor.agencyDisplayId);

    const compared = body<CompareDonor[]>(
      await call('GET', `/api/comparedonors?ids=${donor.id},${second}`),
    ).data;
    expect(donorDisplayId(compared[0]!)).toBe(donor.agencyDisplayId);
  });

  it("the portfolio's donors and its spreadsheet carry the agency id", async () => {
    const created = await call('POST', '/api/createportfolio', { name: 'Display ids' });
    expect(created.statusCode, created.body).toBe(200);
    const id = body<{ id: number }>(created).data.id;
    const added = await call('POST', '/api/saveshortlist', { donor_id: donor.id, shortlist_ids: [id] });
    expect(added.statusCode, added.body).toBe(200);
    const detail = body<PortfolioDetail>(await call('GET', `/api/getshortlistdonors/${id}/populate`)).data;
    expect(detail.donors.map(donorDisplayId)).toEqual([donor.agencyDisplayId]);

    const file = body<{ data: string }>(
      await call('POST', '/api/downloadportfolio', {
        id,
        sort: 'order',
        order: 'asc',
        isFirstNameVisible: false,
      }),
    ).data;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(file.data, 'base64') as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Portfolio')!;
    const column = (sheet.getRow(1).values as unknown[]).indexOf('Donor ID');
    expect(sheet.getRow(2).getCell(column).value).toBe(donor.agencyDisplayId);
  });

  it('the PDF is named and headed by the agency id', async () => {
    const res = await call('POST', '/api/getpdffromhtml', { id: donor.id, usertypeid: 6, globals: {} });
    expect(res.statusCode, res.body).toBe(200);
    const answer = body<DonorPdf>(res).data;
    expect(answer.fileName).toBe(`donor-${donor.agencyDisplayId}.pdf`);
    const doc = await getDocument({
      data: new Uint8Array(Buffer.from(answer.pdf, 'base64')),
      useSystemFonts: false,
      isEvalSupported: false,
    }).promise;
    const first = (await (await doc.getPage(1)).getTextContent()).items
      .map((item) => ('str' in item ? item.str : ''))
      .join(' ');
    await doc.destroy();
    expect(first).toContain(`Donor ID ${donor.agencyDisplayId}`);
    expect(first).not.toContain(donor.displayId);
  });

  it('the staff grid and its CSV show the agency id', async () => {
    const grid = body<DonorGridPage>(
      await call('POST', '/api/getdonorbycenter', { search: donor.agencyDisplayId }, 'admin@demo.test'),
    ).data;
    expect(grid.rows.find((r) => r.userId === donor.id)?.donorId).toBe(donor.agencyDisplayId);
    const csv = parseCsv((await call('GET', '/api/getdonorbycentercsv', undefined, 'admin@demo.test')).body);
    const row = csv.find((r) => Number(r[0]) === donor.id)!;
    expect(row[1]).toBe(donor.agencyDisplayId);
  });

  it('an e-mail about the donor names the agency id', async () => {
    const res = await call(
      'POST',
      '/api/requestdonordetailsaccess',
      { donorId: donor.id, query: 'Her first name, please' },
      PARENT,
    );
    expect(res.statusCode, res.body).toBe(200);
    const mail = (await t.outbox()).filter((m) => m.emailTypeId === EMAIL_TYPE.DETAILS_ACCESS_REQUEST);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.html).toContain(donor.agencyDisplayId);
    expect(mail[0]!.html).not.toContain(donor.displayId);
  });
});

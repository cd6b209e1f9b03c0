import {
  CARRIER_MSG,
  type CarrierCompatibilityData,
  compareCarrierPanels,
  type DonorPanelData,
  MSG,
  type ParentPanelsData,
  type SearchAnswer,
} from '@dm/shared';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, carrierPanels, donorCarrierGenes, users } from '../../db/schema/index.js';
import { donorFixtures } from '../../test/donor-fixtures.js';
import { body, startTestApp, type TestApp } from '../../test/harness.js';

const PARENT = 'parent@demo.test';
const MANAGER = 'manager@demo.test';
const ADMIN = 'admin@demo.test';
const OTHER_MANAGER = 'manager85@demo.test';
const OTHER_PARENT = 'parent85@demo.test';
// A variant is medical data of a named person: it must never reach a log, an audit row or a refusal.
const SECRET_VARIANT = 'c.1521_1523delCTT-xyzzy';

let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  t = await startTestApp({}, { logStream: { write: (line) => lines.push(line) } });
});
afterAll(() => t.close());

const { get, send, clientVisibleDonors, donorOfCenter, auditCount } = donorFixtures(() => t);
const post = (url: string, payload: unknown, as?: string) => send('POST', url, payload, as);
const idOf = async (username: string) =>
  (await t.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;

let donorA: number;
let donorB: number;
let donorC: number;
let center85Donor: number;
let parentId: number;
let otherParentId: number;
beforeAll(async () => {
  [donorA, donorB, donorC] = await clientVisibleDonors(PARENT, 1, 3);
  center85Donor = await donorOfCenter(85);
  parentId = await idOf(PARENT);
  otherParentId = await idOf(OTHER_PARENT);
});

const panel = (tested: string[], carried: { gene: string; variant?: string | null }[] = []) => ({
  lab: 'Genelab',
  panelName: 'Expanded 300',
  testDate: '2025-03-01',
  tested,
  carried,
});

describe('POST /api/donorcarrierpanel/:id', () => {
  const good = panel(['CFTR', 'HBB', 'SMN1'], [{ gene: 'CFTR', variant: SECRET_VARIANT }]);

  it('401 anonymous, 403 for a parent, a donor and the master', async () => {
    expect((await post(`/api/donorcarrierpanel/${donorA}`, { panel: good })).statusCode).toBe(401);
    for (const who of [PARENT, 'donor@demo.test', 'master@demo.test']) {
      const res = await post(`/api/donorcarrierpanel/${donorA}`, { panel: good }, who);
      expect(res.statusCode).toBe(403);
      expect(body(res).message).toBe(MSG.UNAUTHORIZED);
    }
  });

  it("404 for a donor the caller may not see; 403 for another center's staff who may see it", async () => {
    const hidden = await post(`/api/donorcarrierpanel/${center85Donor}`, { panel: good }, MANAGER);
    expect(hidden.statusCode).toBe(404);
    // Center 85 sees center 1's donors (cross-agency access) but enters no results for them.
    const other = await post(`/api/donorcarrierpanel/${donorA}`, { panel: good }, OTHER_MANAGER);
    expect(other.statusCode).toBe(403);
  });

  it('400 with the message; nothing saved, no value echoed', async () => {
    const gene = await post(`/api/donorcarrierpanel/${donorA}`, { panel: panel(['cftr']) }, MANAGER);
    expect(gene.statusCode).toBe(400);
    expect(body(gene).message).toContain(CARRIER_MSG.GENE);
    expect(gene.body).not.toContain('cftr');
    const none = await post(`/api/donorcarrierpanel/${donorA}`, { panel: panel([]) }, MANAGER);
    expect(body(none).message).toContain(CARRIER_MSG.GENES);
    const date = await post(
      `/api/donorcarrierpanel/${donorA}`,
      { panel: { ...good, testDate: '2999-01-01' } },
      MANAGER,
    );
    expect(date.statusCode).toBe(400);
    expect(body(date).message).toBe(CARRIER_MSG.DATE_FUTURE);
    expect(date.body).not.toContain(SECRET_VARIANT);
    const bad = await post('/api/donorcarrierpanel/abc', { panel: good }, MANAGER);
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toContain(CARRIER_MSG.ID);
    expect(await t.db.select().from(carrierPanels).where(eq(carrierPanels.userId, donorA))).toEqual([]);
  });

  it('saves the panel sealed, the gene symbols plain, and audits the write by counts', async () => {
    const res = await post(`/api/donorcarrierpanel/${donorA}`, { panel: good }, MANAGER);
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(CARRIER_MSG.SAVED);
    const data = body<DonorPanelData>(res).data;
    expect(data.canEdit).toBe(true);
    expect(data.panel!.carried).toEqual([{ gene: 'CFTR', variant: SECRET_VARIANT }]);
    const [row] = await t.db.select().from(carrierPanels).where(eq(carrierPanels.userId, donorA));
    expect(row!.sealed.startsWith('v1:')).toBe(true);
    expect(row!.sealed).not.toContain('CFTR');
    const genes = await t.db.select().from(donorCarrierGenes).where(eq(donorCarrierGenes.donorId, donorA));
    expect(genes.map((g) => [g.gene, g.carrier]).sort()).toEqual([
      ['CFTR', true],
      ['HBB', false],
      ['SMN1', false],
    ]);
    expect(await auditCount('carrier.donor.update', donorA)).toBe(1);
  });
});

describe('POST /api/donorcarrierpanel/:id/import', () => {
  const form = (csv: string) => ({ lab: 'Genelab', panelName: 'Lab CSV', testDate: '2025-02-01', csv });

  it('401, 403 for a parent and for another center, 404 for a donor the caller may not see', async () => {
    const csv = 'gene,carrier\nHBB,no\n';
    expect((await post(`/api/donorcarrierpanel/${center85Donor}/import`, form(csv), ADMIN)).statusCode).toBe(
      404,
    );
    expect(
      (await post(`/api/donorcarrierpanel/${center85Donor}/import`, form(csv), MANAGER)).statusCode,
    ).toBe(404);
    expect((await post(`/api/donorcarrierpanel/${donorB}/import`, form(csv))).statusCode).toBe(401);
    expect((await post(`/api/donorcarrierpanel/${donorB}/import`, form(csv), PARENT)).statusCode).toBe(403);
    // Center 85 may see center 1's donors but imports no results for them.
    expect((await post(`/api/donorcarrierpanel/${donorB}/import`, form(csv), OTHER_MANAGER)).statusCode).toBe(
      403,
    );
  });

  it('400 naming each bad line and its message, nothing saved', async () => {
    const csv = 'Gene,Carrier,Variant\nHBB,no,\nbad gene,yes,\nGJB2,maybe,\n';
    const res = await post(`/api/donorcarrierpanel/${donorB}/import`, form(csv), ADMIN);
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(`Line 3: ${CARRIER_MSG.GENE} Line 4: ${CARRIER_MSG.CSV_CARRIER}`);
    expect(body<{ errors: unknown[] }>(res).data.errors).toEqual([
      { line: 3, message: CARRIER_MSG.GENE },
      { line: 4, message: CARRIER_MSG.CSV_CARRIER },
    ]);
    const header = await post(`/api/donorcarrierpanel/${donorB}/import`, form('name,value\nHBB,no\n'), ADMIN);
    expect(body(header).message).toBe(`Line 1: ${CARRIER_MSG.CSV_HEADER}`);
    expect(await t.db.select().from(carrierPanels).where(eq(carrierPanels.userId, donorB))).toEqual([]);
  });

  it("imports a lab's export", async () => {
    const csv = 'variant,gene,carrier\n,HBB,no\nc.35delG,GJB2,yes\n,SMN1,No\n,CFTR,0\n';
    const res = await post(`/api/donorcarrierpanel/${donorB}/import`, form(csv), ADMIN);
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(CARRIER_MSG.IMPORTED(4));
    const data = body<DonorPanelData>(res).data.panel!;
    expect(data.tested).toEqual(['CFTR', 'GJB2', 'HBB', 'SMN1']);
    expect(data.carried).toEqual([{ gene: 'GJB2', variant: 'c.35delG' }]);
  });
});

describe('GET /api/donorcarrierpanel/:id', () => {
  it('401, 403 for a role without the pages, 404 for a donor the caller may not see', async () => {
    expect((await get(`/api/donorcarrierpanel/${donorA}`)).statusCode).toBe(401);
    expect((await get(`/api/donorcarrierpanel/${donorA}`, 'master@demo.test')).statusCode).toBe(403);
    expect((await get(`/api/donorcarrierpanel/${center85Donor}`, PARENT)).statusCode).toBe(404);
    expect((await get(`/api/donorcarrierpanel/${center85Donor}`, MANAGER)).statusCode).toBe(404);
    expect(body(await get('/api/donorcarrierpanel/0', MANAGER)).message).toContain(CARRIER_MSG.ID);
  });

  it('a parent reads the summary without the variants, audited', async () => {
    const before = await auditCount('carrier.donor.read', donorA);
    const res = await get(`/api/donorcarrierpanel/${donorA}`, PARENT);
    expect(res.statusCode).toBe(200);
    const data = body<DonorPanelData>(res).data;
    expect(data.canEdit).toBe(false);
    expect(data.panel!.carried).toEqual([{ gene: 'CFTR', variant: null }]);
    expect(res.body).not.toContain(SECRET_VARIANT);
    expect(await auditCount('carrier.donor.read', donorA)).toBe(before + 1);
  });

  it('staff of the center read the variants; a donor without results answers null', async () => {
    const data = body<DonorPanelData>(await get(`/api/donorcarrierpanel/${donorA}`, MANAGER)).data;
    expect(data.panel!.carried[0]!.variant).toBe(SECRET_VARIANT);
    expect(body<DonorPanelData>(await get(`/api/donorcarrierpanel/${donorC}`, PARENT)).data.panel).toBeNull();
  });
});

describe('GET and POST /api/parentcarrierpanel/:id', () => {
  const own = panel(['CFTR', 'HBB', 'SMN1', 'GJB2'], [{ gene: 'HBB', variant: SECRET_VARIANT }]);

  it('401, 403 for a donor, 404 for another parent or another center, 400 with the message', async () => {
    expect((await get(`/api/parentcarrierpanel/${parentId}`)).statusCode).toBe(401);
    expect((await get(`/api/parentcarrierpanel/${parentId}`, 'donor@demo.test')).statusCode).toBe(403);
    expect((await post(`/api/parentcarrierpanel/${parentId}`, { kind: 'self', panel: own })).statusCode).toBe(
      401,
    );
    expect(
      (await post(`/api/parentcarrierpanel/${parentId}`, { kind: 'self', panel: own }, 'donor@demo.test'))
        .statusCode,
    ).toBe(403);
    expect((await get(`/api/parentcarrierpanel/${otherParentId}`, PARENT)).statusCode).toBe(404);
    expect((await get(`/api/parentcarrierpanel/${parentId}`, OTHER_MANAGER)).statusCode).toBe(404);
    expect(
      (await post(`/api/parentcarrierpanel/${parentId}`, { kind: 'self', panel: own }, OTHER_MANAGER))
        .statusCode,
    ).toBe(404);
    expect((await get(`/api/parentcarrierpanel/${donorA}`, MANAGER)).statusCode).toBe(404);
    const kind = await post(`/api/parentcarrierpanel/${parentId}`, { kind: 'partner', panel: own }, PARENT);
    expect(kind.statusCode).toBe(400);
    expect(body(kind).message).toContain(CARRIER_MSG.KIND);
  });

  it('the parent enters their own results; the case manager reads them, audited', async () => {
    const res = await post(`/api/parentcarrierpanel/${parentId}`, { kind: 'self', panel: own }, PARENT);
    expect(res.statusCode).toBe(200);
    const data = body<ParentPanelsData>(res).data;
    expect(data.self!.carried).toEqual([{ gene: 'HBB', variant: SECRET_VARIANT }]);
    expect(data.sperm_source).toBeNull();
    const before = await auditCount('carrier.parent.read', parentId);
    const staff = body<ParentPanelsData>(await get(`/api/parentcarrierpanel/${parentId}`, MANAGER)).data;
    expect(staff.self!.tested).toEqual(['CFTR', 'GJB2', 'HBB', 'SMN1']);
    expect(await auditCount('carrier.parent.read', parentId)).toBe(before + 1);
  });
});

describe('POST /api/parentcarrierpanel/:id/import', () => {
  const form = (kind: string, csv: string) => ({
    kind,
    lab: 'Genelab',
    panelName: 'Lab CSV',
    testDate: '2025-02-01',
    csv,
  });
  const url = () => `/api/parentcarrierpanel/${otherParentId}/import`;
  const csv = `gene,carrier,variant\nHBB,yes,${SECRET_VARIANT}\nCFTR,no,\n`;

  it('401, 403 for a donor, 404 for another parent or another center, 400 with the message', async () => {
    expect((await post(url(), form('self', csv))).statusCode).toBe(401);
    expect((await post(url(), form('self', csv), 'donor@demo.test')).statusCode).toBe(403);
    expect((await post(url(), form('self', csv), PARENT)).statusCode).toBe(404);
    expect((await post(url(), form('self', csv), MANAGER)).statusCode).toBe(404);
    const kind = await post(url(), form('partner', csv), OTHER_PARENT);
    expect(kind.statusCode).toBe(400);
    expect(body(kind).message).toContain(CARRIER_MSG.KIND);
    const rows = await post(url(), form('self', 'gene,carrier\nHBB,perhaps\n'), OTHER_PARENT);
    expect(rows.statusCode).toBe(400);
    expect(body(rows).message).toBe(`Line 2: ${CARRIER_MSG.CSV_CARRIER}`);
    expect(await t.db.select().from(carrierPanels).where(eq(carrierPanels.userId, otherParentId))).toEqual(
      [],
    );
  });

  it("the parent imports her own lab's export; staff of her center import the sperm source's, audited", async () => {
    const own = await post(url(), form('self', csv), OTHER_PARENT);
    expect(own.statusCode).toBe(200);
    expect(body(own).message).toBe(CARRIER_MSG.IMPORTED(2));
    const data = body<ParentPanelsData>(own).data;
    expect(data.self!.tested).toEqual(['CFTR', 'HBB']);
    expect(data.self!.carried).toEqual([{ gene: 'HBB', variant: SECRET_VARIANT }]);
    expect(data.sperm_source).toBeNull();
    const before = await auditCount('carrier.parent.update', otherParentId);
    const staff = await post(url(), form('sperm_source', 'gene,carrier\nSMN1,no\n'), OTHER_MANAGER);
    expect(staff.statusCode).toBe(200);
    expect(body(staff).message).toBe(CARRIER_MSG.IMPORTED(1));
    expect(body<ParentPanelsData>(staff).data.sperm_source!.tested).toEqual(['SMN1']);
    expect(await auditCount('carrier.parent.update', otherParentId)).toBe(before + 1);
  });
});

describe('POST /api/carriercompatibility', () => {
  it("401, 403 for a donor and the master, 404 for another center's client, 400 with the message", async () => {
    expect((await post('/api/carriercompatibility', { donorIds: [donorA] })).statusCode).toBe(401);
    expect(
      (await post('/api/carriercompatibility', { donorIds: [donorA] }, 'donor@demo.test')).statusCode,
    ).toBe(403);
    expect(
      (await post('/api/carriercompatibility', { donorIds: [donorA] }, 'master@demo.test')).statusCode,
    ).toBe(403);
    const other = await post(
      '/api/carriercompatibility',
      { donorIds: [donorA], parentId: otherParentId },
      MANAGER,
    );
    expect(other.statusCode).toBe(404);
    expect(
      (await post('/api/carriercompatibility', { donorIds: [donorA], parentId: otherParentId }, PARENT))
        .statusCode,
    ).toBe(404);
    const bad = await post('/api/carriercompatibility', { donorIds: ['x'] }, PARENT);
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toContain(CARRIER_MSG.ID);
  });

  it("compares each visible donor with the parent's results, names shared genes, audits the read", async () => {
    const res = await post(
      '/api/carriercompatibility',
      { donorIds: [donorA, donorB, donorC, center85Donor] },
      PARENT,
    );
    expect(res.statusCode).toBe(200);
    const data = body<CarrierCompatibilityData>(res).data;
    expect(data.against).toBe('self');
    // The other center's donor is left out; donor C has no results.
    expect(data.donors.map((d) => d.donorId).sort()).toEqual([donorA, donorB, donorC].sort());
    const of = (id: number) => data.donors.find((d) => d.donorId === id)!.comparison;
    // Parent: tested CFTR GJB2 HBB SMN1, carries HBB. A: CFTR HBB SMN1, carries CFTR. B: CFTR GJB2 HBB SMN1, carries GJB2.
    expect(of(donorA)).toEqual(
      compareCarrierPanels(
        { tested: ['CFTR', 'GJB2', 'HBB', 'SMN1'], carried: ['HBB'] },
        { tested: ['CFTR', 'HBB', 'SMN1'], carried: ['CFTR'] },
      ),
    );
    expect(of(donorA)!.status).toBe('clear');
    expect(of(donorB)!.status).toBe('clear');
    expect(of(donorC)).toBeNull();
    expect(res.body).not.toContain(SECRET_VARIANT);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'carrier.compare'), eq(auditLog.entityId, String(parentId))));
    expect((entry!.details as { donorIds: number[] }).donorIds.sort()).toEqual([donorA, donorB].sort());
  });

  it("the sperm source's results, when recorded, are what the donors are compared with", async () => {
    const sperm = panel(['CFTR', 'GJB2', 'HBB', 'SMN1'], [{ gene: 'CFTR', variant: null }]);
    await post(`/api/parentcarrierpanel/${parentId}`, { kind: 'sperm_source', panel: sperm }, MANAGER);
    const data = body<CarrierCompatibilityData>(
      await post('/api/carriercompatibility', { donorIds: [donorA], parentId }, MANAGER),
    ).data;
    expect(data.against).toBe('sperm_source');
    expect(data.donors[0]!.comparison).toMatchObject({ shared: ['CFTR'], status: 'risk' });
  });
});

describe('the search filter "no shared carrier genes with my results"', () => {
  const search = (as: string, extra: Record<string, unknown>) =>
    post(
      '/api/getdonorlist',
      { profiles: 'all', minage: 18, maxage: 60, recordcount: 100, centers: [1], ...extra },
      as,
    );

  it('keeps only donors whose results are clear against the reference panel', async () => {
    // Reference now the sperm source (carries CFTR): A carries CFTR (risk), B is clear, C has no results.
    const res = await search(PARENT, { noSharedCarrier: true });
    expect(res.statusCode).toBe(200);
    const ids = body<SearchAnswer>(res).data.rows.map((d) => d.id);
    const all = body<SearchAnswer>(await search(PARENT, {})).data.rows.map((d) => d.id);
    expect(all).toEqual(expect.arrayContaining([donorA, donorB, donorC]));
    expect(ids).toEqual([donorB]);
    // The filter and the pure comparison agree: the donors kept are those whose status is clear.
    const compat = body<CarrierCompatibilityData>(
      await post('/api/carriercompatibility', { donorIds: all.slice(0, 100) }, PARENT),
    ).data;
    const clear = compat.donors.filter((d) => d.comparison?.status === 'clear').map((d) => d.donorId);
    expect(ids).toEqual(clear);
  });

  it('finds nothing for a caller without results (unknown is never compatible)', async () => {
    const res = await search(MANAGER, { noSharedCarrier: true });
    expect(res.statusCode).toBe(200);
    expect(body<SearchAnswer>(res).data.rows).toEqual([]);
  });

  it('never logged: no variant nor panel content in the log or audit', async () => {
    const audits = JSON.stringify(
      await t.db.select().from(auditLog).where(like(auditLog.action, 'carrier.%')),
    );
    expect(audits).not.toContain(SECRET_VARIANT);
    expect(audits).not.toContain('CFTR');
    expect(lines.join('\n')).not.toContain(SECRET_VARIANT);
  });
});

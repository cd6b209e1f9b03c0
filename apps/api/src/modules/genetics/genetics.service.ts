import {
  CARRIER_MSG,
  type CarrierCompatibilityBody,
  type CarrierCompatibilityData,
  type CarrierPanel,
  type CarrierPanelData,
  carrierPanelInput,
  compareCarrierPanels,
  type DonorPanelData,
  type DonorPanelImportBody,
  donorPanelAccess,
  isClient,
  type PanelGenes,
  type ParentPanelImportBody,
  type ParentPanelKind,
  type ParentPanelsData,
  parentPanelAccess,
  ROLE,
} from '@dm/shared';
import { audit } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth-context.js';
import type { SecretBox } from '../../platform/crypto.js';
import type { Db } from '../../platform/db.js';
import type { ModuleDeps } from '../../platform/deps.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { assertDonorVisible, donorVisibility } from '../donor-access/index.js';
import { parseCarrierCsv } from './genetics.csv.js';
import * as repo from './genetics.repo.js';

export type Deps = Pick<ModuleDeps, 'db' | 'clock' | 'secrets'>;

// ---------------------------------------------------------------------------------------------
// Sealing: a panel is stored as one JSON sealed with SecretBox (decision 026).

const seal = (secrets: SecretBox, p: CarrierPanel) => secrets.seal(JSON.stringify(p));
const openPanel = (secrets: SecretBox, row: repo.PanelRow): CarrierPanel =>
  JSON.parse(secrets.open(row.sealed)) as CarrierPanel;

function present(p: CarrierPanel, row: repo.PanelRow, variants: boolean): CarrierPanelData {
  return {
    lab: p.lab,
    panelName: p.panelName,
    testDate: p.testDate,
    tested: p.tested,
    carried: p.carried.map((c) => ({ gene: c.gene, variant: variants ? c.variant : null })),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function assertNotFuture(deps: Deps, testDate: string): void {
  if (testDate > deps.clock.now().toISOString().slice(0, 10)) {
    throw badRequest(CARRIER_MSG.DATE_FUTURE, { field: 'testDate' });
  }
}

/** What the audit records of a panel: counts, never a gene or a variant. */
const counts = (p: CarrierPanel) => ({ tested: p.tested.length, carried: p.carried.length });

// ---------------------------------------------------------------------------------------------
// Donors

/** The donor (visible to the caller, else 404) and how the caller may open their panel. */
async function openDonor(deps: Deps, auth: Auth, donorId: number) {
  await assertDonorVisible(deps.db, auth, donorId);
  const donor = await repo.findDonor(deps.db, donorId);
  if (!donor) throw notFound(CARRIER_MSG.NOT_AVAILABLE);
  return { donor, access: donorPanelAccess(auth, donor) };
}

/** GET /donorcarrierpanel/:id: the donor's panel; variants to the donor's center. Reads audited. */
export async function donorPanel(deps: Deps, auth: Auth, donorId: number): Promise<DonorPanelData> {
  const { donor, access } = await openDonor(deps, auth, donorId);
  const [row] = await repo.findPanels(deps.db, donorId, ['donor']);
  if (row) {
    await audit(deps.db, auth, {
      action: 'carrier.donor.read',
      entityType: 'donor',
      entityId: donorId,
      centerId: donor.centerId,
      details: { access },
    });
  }
  return {
    donorId,
    panel: row ? present(openPanel(deps.secrets, row), row, access !== 'summary') : null,
    canEdit: access === 'edit',
  };
}

/** POST /donorcarrierpanel/:id: admins and case managers of the donor's center enter the panel. */
export async function saveDonorPanel(
  deps: Deps,
  auth: Auth,
  donorId: number,
  panel: CarrierPanel,
): Promise<DonorPanelData> {
  const { donor, access } = await openDonor(deps, auth, donorId);
  if (access !== 'edit') throw forbidden();
  assertNotFuture(deps, panel.testDate);
  const at = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await repo.savePanel(tx, {
      userId: donorId,
      kind: 'donor',
      sealed: seal(deps.secrets, panel),
      updatedBy: auth.userId,
      at,
    });
    await repo.replaceDonorGenes(tx, donorId, panel.tested, new Set(panel.carried.map((c) => c.gene)));
    await audit(tx, auth, {
      action: 'carrier.donor.update',
      entityType: 'donor',
      entityId: donorId,
      centerId: donor.centerId,
      details: counts(panel),
    });
  });
  return donorPanel(deps, auth, donorId);
}

/**
 * A lab's CSV export (genetics.csv.ts) with the panel's facts, as a panel. Every bad row is
 * reported (line and message, never the cell) and nothing is saved.
 */
function panelFromCsv(body: DonorPanelImportBody): CarrierPanel {
  const parsed = parseCarrierCsv(body.csv);
  if (!parsed.ok) {
    const shown = parsed.errors.slice(0, 5).map((e) => CARRIER_MSG.csvRow(e.line, e.message));
    const more = parsed.errors.length > 5 ? ` (and ${parsed.errors.length - 5} more)` : '';
    throw badRequest(`${shown.join(' ')}${more}`, { errors: parsed.errors });
  }
  return carrierPanelInput.parse({
    lab: body.lab,
    panelName: body.panelName,
    testDate: body.testDate,
    tested: parsed.tested,
    carried: parsed.carried,
  });
}

/** POST /donorcarrierpanel/:id/import: staff of the donor's center import the lab's CSV. */
export async function importDonorPanel(
  deps: Deps,
  auth: Auth,
  donorId: number,
  body: DonorPanelImportBody,
): Promise<DonorPanelData> {
  const { access } = await openDonor(deps, auth, donorId);
  if (access !== 'edit') throw forbidden();
  return saveDonorPanel(deps, auth, donorId, panelFromCsv(body));
}

// ---------------------------------------------------------------------------------------------
// Parents

async function openParent(deps: Deps, auth: Auth, userId: number) {
  const parent = await repo.findUser(deps.db, userId);
  if (!parent || !parentPanelAccess(auth, parent)) throw notFound(CARRIER_MSG.NOT_AVAILABLE);
  return parent;
}

/** GET /parentcarrierpanel/:id: a parent's own and sperm source's panels; staff reads audited. */
export async function parentPanels(deps: Deps, auth: Auth, userId: number): Promise<ParentPanelsData> {
  const parent = await openParent(deps, auth, userId);
  const rows = await repo.findPanels(deps.db, userId, ['self', 'sperm_source']);
  if (auth.userId !== userId) {
    await audit(deps.db, auth, {
      action: 'carrier.parent.read',
      entityType: 'user',
      entityId: userId,
      centerId: parent.centerId,
    });
  }
  const of = (kind: ParentPanelKind) => {
    const row = rows.find((r) => r.kind === kind);
    return row ? present(openPanel(deps.secrets, row), row, true) : null;
  };
  return { userId, self: of('self'), sperm_source: of('sperm_source') };
}

/** POST /parentcarrierpanel/:id: the parent, or staff of the parent's center, enter a panel. */
export async function saveParentPanel(
  deps: Deps,
  auth: Auth,
  userId: number,
  body: { kind: ParentPanelKind; panel: CarrierPanel },
): Promise<ParentPanelsData> {
  const parent = await openParent(deps, auth, userId);
  assertNotFuture(deps, body.panel.testDate);
  await deps.db.transaction(async (tx) => {
    await repo.savePanel(tx, {
      userId,
      kind: body.kind,
      sealed: seal(deps.secrets, body.panel),
      updatedBy: auth.userId,
      at: deps.clock.now(),
    });
    await audit(tx, auth, {
      action: 'carrier.parent.update',
      entityType: 'user',
      entityId: userId,
      centerId: parent.centerId,
      details: { kind: body.kind, ...counts(body.panel) },
    });
  });
  return parentPanels(deps, auth, userId);
}

/** POST /parentcarrierpanel/:id/import: the parent (or staff of her center) import a lab's CSV. */
export async function importParentPanel(
  deps: Deps,
  auth: Auth,
  userId: number,
  body: ParentPanelImportBody,
): Promise<ParentPanelsData> {
  await openParent(deps, auth, userId);
  return saveParentPanel(deps, auth, userId, { kind: body.kind, panel: panelFromCsv(body) });
}

/**
 * The panel a parent's compatibility is judged against: the sperm source's when recorded (the
 * embryo's other half next to the egg donor's), else the parent's own; null without either.
 */
export async function referencePanel(
  db: Db,
  secrets: SecretBox,
  parentId: number,
): Promise<{ kind: ParentPanelKind; genes: PanelGenes } | null> {
  const rows = await repo.findPanels(db, parentId, ['self', 'sperm_source']);
  const row = rows.find((r) => r.kind === 'sperm_source') ?? rows.find((r) => r.kind === 'self');
  if (!row) return null;
  const p = openPanel(secrets, row);
  return {
    kind: row.kind as ParentPanelKind,
    genes: { tested: p.tested, carried: p.carried.map((c) => c.gene) },
  };
}

/**
 * The donors of the search filter "no shared carrier genes with my results": those whose
 * comparison with the parent's reference panel is clear. No results: no donor (unknown is never
 * compatible).
 */
export async function clearDonorIdsFor(db: Db, secrets: SecretBox, parentId: number): Promise<Set<number>> {
  const ref = await referencePanel(db, secrets, parentId);
  return ref ? repo.clearDonorIds(db, ref.genes) : new Set();
}

/**
 * POST /carriercompatibility: each donor's panel (of those the caller may see) against the
 * parent's reference panel: the caller's own, or for staff the client named by parentId.
 * Reading donors' results this way is audited (which donors, never a gene).
 */
export async function compatibility(
  deps: Deps,
  auth: Auth,
  body: CarrierCompatibilityBody,
): Promise<CarrierCompatibilityData> {
  if (auth.role === ROLE.DONOR) throw forbidden();
  const parentId = isClient(auth) ? auth.userId : body.parentId;
  if (parentId === undefined)
    return { against: null, donors: body.donorIds.map((donorId) => ({ donorId, comparison: null })) };
  if (body.parentId !== undefined && body.parentId !== parentId) throw notFound(CARRIER_MSG.NOT_AVAILABLE);
  const parent = await openParent(deps, auth, parentId);
  const ids = await repo.visibleDonorIds(deps.db, body.donorIds, await donorVisibility(deps.db, auth));
  const ref = await referencePanel(deps.db, deps.secrets, parentId);
  const genes = ref ? await repo.donorGenes(deps.db, ids) : new Map<number, PanelGenes>();
  const compared = [...genes.keys()];
  if (compared.length > 0) {
    await audit(deps.db, auth, {
      action: 'carrier.compare',
      entityType: 'user',
      entityId: parentId,
      centerId: parent.centerId,
      details: { donorIds: compared },
    });
  }
  return {
    against: ref?.kind ?? null,
    donors: ids.map((donorId) => {
      const d = genes.get(donorId);
      return { donorId, comparison: ref && d ? compareCarrierPanels(ref.genes, d) : null };
    }),
  };
}

import type { Readable } from 'node:stream';
import {
  ageFrom,
  answerVisibilityKind,
  canEditDonorNotes,
  canOpenDonorFile,
  canReadFrozenBatches,
  canRemoveDonorNote,
  DONOR_PAGE_VIEW_CAPTCHA_THRESHOLD,
  type DonorDetails,
  type DonorFields,
  type DonorFile,
  type DonorNote,
  type DonorViewAnswer,
  donorViewCounts,
  MSG,
  mayWriteNotes,
  notesCenter,
  seesHiddenDonorFact,
  seesPrivateDonorFiles,
} from '@dm/shared';
import { audit } from '../../platform/audit.js';
import type { Auth } from '../../platform/auth-context.js';
import { verifyCaptcha } from '../../platform/captcha.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { assertDonorVisible } from '../donor-access/index.js';
import { matchPanelsOf } from '../matches/matches.followed.js';
import { auditRead, type Deps, loadVisible, visibilityFor } from './donors.access.js';
import * as pageRepo from './donors.page.repo.js';
import * as repo from './donors.repo.js';

export type { Deps };

function maskSsn(deps: Deps, sealed: string | null): string | null {
  if (!sealed) return null;
  try {
    const digits = deps.secrets.open(sealed).replace(/\D/g, '');
    return `***-**-${digits.slice(-4)}`;
  } catch {
    return '***-**-****';
  }
}

/** The bookkeeping columns a page never shows. */
const BOOKKEEPING: readonly string[] = ['id', 'donorId', 'position'];

/** Drops the bookkeeping columns (and `omit`): a donor page reads a few hundred columns. */
function fields(row: Record<string, unknown>, omit: readonly string[] = []): DonorFields {
  const out: DonorFields = {};
  for (const key of Object.keys(row)) {
    if (BOOKKEEPING.includes(key) || omit.includes(key)) continue;
    const value = row[key];
    if (value instanceof Date) out[key] = value.toISOString();
    else if (value === undefined) out[key] = null;
    else if (typeof value === 'object' && value !== null && !Array.isArray(value)) continue;
    else out[key] = value as DonorFields[string];
  }
  return out;
}

const fileOf = (kind: repo.FileKind, row: pageRepo.PageFile): DonorFile => ({
  id: row.id,
  url: `/api/donorfile/${kind}/${row.id}`,
  title: row.caption ?? row.title ?? null,
  contentType: row.contentType,
  private: row.private,
  isDefault: row.isDefault ?? false,
  kind: row.kind ?? null,
});

const notesView = (rows: Awaited<ReturnType<typeof repo.notesOf>>): DonorNote[] =>
  rows.map((n) => ({
    noteId: n.noteId,
    managerId: n.managerId,
    managerName: `${n.firstName ?? ''} ${n.lastName ?? ''}`.trim(),
    note: n.note,
    createdAt: n.createdAt.toISOString(),
  }));

/** The whole donor page, redacted for the caller, in one answer. */
export async function donorDetails(deps: Deps, auth: Auth, donorId: number): Promise<DonorDetails> {
  const { db } = deps;
  const { donor, user, center } = await loadVisible(deps, auth, donorId);
  if (donorViewCounts(auth)) await assertPageAllowed(deps, auth, donorId);
  const see = visibilityFor(auth, donorId, donor.centerId, center.settings);
  const rows = await pageRepo.donorPageRows(db, {
    donorId,
    userId: auth.userId,
    centerId: auth.centerId,
    withPrivate: see.privateFiles,
    additional: see.additionalDocuments,
    frozen: see.frozenBatches,
    answers: answerVisibilityKind(auth),
  });
  const { members, history, diseases, records, exams, cycles, meds, deliveries, custom } = rows;
  const { pictures, videos, documents, additional, frozen, favorite } = rows;
  // Each center's staff read their own center's notes on the donor (the master every center's).
  const noteCenter = notesCenter(auth);
  const notes =
    see.notes && noteCenter !== undefined ? notesView(await repo.notesOf(db, donorId, noteCenter)) : null;
  await auditRead(deps, auth, donorId, donor.centerId, 'details');

  const p = rows.profile;
  return {
    donorId,
    displayId: donor.displayId,
    agencyDisplayId: donor.agencyDisplayId,
    centerId: donor.centerId,
    centerName: center.name,
    firstName: see.firstName ? user.firstName : null,
    lastName: see.lastName ? user.lastName : null,
    age: donor.dateOfBirth ? ageFrom(donor.dateOfBirth, deps.clock.now()) : null,
    availability: donor.availability,
    frozenAvailability: donor.frozenAvailability,
    donorType: see.donorType ? donor.donorType : null,
    viewsCount: donor.viewsCount,
    isFavorite: favorite,
    compensation: see.compensation ? donor.compensation : null,
    ssn: see.ssn ? maskSsn(deps, p?.ssnEncrypted ?? null) : null,
    contact: see.contact
      ? {
          email: user.username,
          contactNo: user.contactNo,
          countryCode: user.countryCode,
          address: p?.address ?? null,
        }
      : null,
    general: {
      eggDonationArrangement: donor.eggDonationArrangement,
      city: donor.city,
      state: donor.state,
      country: donor.country,
      birthCountry: p?.birthCountry ?? null,
      birthState: p?.birthState ?? null,
      maritalStatus: p?.maritalStatus ?? null,
      occupation: p?.occupation ?? null,
      religion: donor.religion,
      numberOfPregnancies: p?.numberOfPregnancies ?? null,
      childCount: p?.childCount ?? null,
      ipWillingToWork: p?.ipWillingToWork ?? [],
      previousDonor: donor.previousDonor,
      provenFertility: donor.provenFertility,
      eggdonorCycleCount: donor.donationCount,
      availableFrom: donor.availableFrom,
      ...(see.compensation ? { donorFee: p?.donorFee ?? null, donorFeeOther: p?.donorFeeOther ?? null } : {}),
    },
    personalHealth: {
      bloodGroup: donor.bloodGroup,
      heightCm: donor.heightCm,
      weightKg: donor.weightKg,
      bmi: donor.bmi,
      amhValue: donor.amhValue,
      amhTestDate: donor.amhTestDate,
      birthControl: p?.birthControl ?? null,
      contraceptiveTypes: p?.contraceptiveTypes ?? [],
      hasPiercing: p?.hasPiercing ?? null,
      hasTattoo: p?.hasTattoo ?? null,
      covidVaccineName: p?.covidVaccineName ?? null,
      covidLastDoseDate: p?.covidLastDoseDate ?? null,
      transmittedDiseases: p?.transmittedDiseases ?? [],
      anyMedications: p?.anyMedications ?? null,
    },
    healthAnswers: Object.entries(p?.healthAnswers ?? {}).map(([key, a]) => ({
      key,
      answer: a.answer,
      details: a.details ?? null,
    })),
    characteristics: {
      eyeColor: donor.eyeColor,
      hairColor: donor.hairColor,
      skinType: donor.skinType,
      heritage: donor.heritage,
      bodyType: p?.bodyType ?? null,
      dominantHand: p?.dominantHand ?? null,
      personality: p?.personality ?? null,
      hobbies: p?.hobbies ?? null,
      raceDetails: p?.raceDetails ?? null,
      ethnicityDetails: p?.ethnicityDetails ?? null,
    },
    // Kept on the donor's row by the facts triggers (migration 0040), in the form's order.
    races: donor.raceCard,
    ethnicities: donor.ethnicityCard,
    family: {
      members: members.map((m) => fields(m)),
      history: history.map((h) => fields(h)),
      diseases: diseases.map((d) => fields(d, ['familyMemberId'])),
    },
    education: {
      records: records.map((r) => fields(r)),
      exams: exams.map((e) => fields(e, ['educationRecordId'])),
    },
    pastDonations: cycles.map((c) => fields(c, ['createdAt'])),
    medications: meds.map((m) => fields(m)),
    deliveries: deliveries.map((d) => fields(d)),
    customAnswers: custom,
    pictures: pictures.map((f) => fileOf('picture', f)),
    videos: videos.map((f) => fileOf('video', f)),
    documents: documents.map((f) => fileOf('document', f)),
    additionalDocuments: additional ? additional.map((f) => fileOf('additional', f)) : null,
    frozenBatches: frozen ? frozen.map((b) => fields(b, ['selectedBy', 'updatedBy', 'updatedAt'])) : null,
    notes,
    adminNotes: see.adminNotes ? (p?.adminNotes ?? null) : null,
    matchPanels: see.matchPanels ? await matchPanelsOf(db, auth, donorId, donor.centerId) : null,
  };
}

/** GET getdonorfrozenbatchdetails: admin and manager only. */
export async function frozenBatches(deps: Deps, auth: Auth, donorId: number): Promise<DonorFields[]> {
  if (!canReadFrozenBatches(auth)) throw forbidden();
  const { donor } = await loadVisible(deps, auth, donorId);
  const rows = await repo.frozenBatchesOf(deps.db, donorId);
  await auditRead(deps, auth, donorId, donor.centerId, 'frozenBatches');
  return rows.map((b) => fields(b, ['selectedBy', 'updatedBy', 'updatedAt']));
}

/** GET getadditionaldocument: manager, admin and client. */
export async function additionalDocuments(deps: Deps, auth: Auth, donorId: number): Promise<DonorFile[]> {
  const { donor } = await loadVisible(deps, auth, donorId);
  const rows = await repo.additionalDocumentsOf(deps.db, donorId, seesPrivateDonorFiles(auth));
  await auditRead(deps, auth, donorId, donor.centerId, 'additionalDocuments');
  return rows.map((f) => fileOf('additional', f));
}

/** GET getUserPictures, getdonorvideo, getdocumentdetailsbyid. */
export async function filesOf(
  deps: Deps,
  auth: Auth,
  donorId: number,
  kind: 'picture' | 'video' | 'document',
): Promise<DonorFile[]> {
  const { donor } = await loadVisible(deps, auth, donorId);
  const withPrivate = seesPrivateDonorFiles(auth);
  const rows =
    kind === 'picture'
      ? await repo.picturesOf(deps.db, donorId, withPrivate)
      : kind === 'video'
        ? await repo.videosOf(deps.db, donorId, withPrivate)
        : await repo.documentsOf(deps.db, donorId, withPrivate);
  await auditRead(deps, auth, donorId, donor.centerId, `${kind}s`);
  return rows.map((f) => fileOf(kind, f));
}

/**
 * Streams one stored file to a caller who may see its donor (and, for a private one, is not a
 * client). Files are streamed, never read whole: a video may be 500 MB.
 */
export async function donorFile(
  deps: Deps,
  auth: Auth,
  kind: repo.FileKind,
  fileId: number,
  rangeHeader?: string,
): Promise<{
  stream: Readable;
  size: number;
  contentType: string;
  range: { start: number; end: number } | null;
}> {
  if (!canOpenDonorFile(auth, { kind, private: false })) throw notFound();
  const row = await repo.fileRow(deps.db, kind, fileId);
  if (!row || !canOpenDonorFile(auth, { kind, private: row.private })) throw notFound();
  await assertDonorVisible(deps.db, auth, row.donorId);
  let file: { stream: Readable; size: number };
  let range: { start: number; end: number } | null;
  try {
    // A byte range (video seeking) is honoured when it lies within the file; otherwise the whole file.
    range = byteRange(rangeHeader, await deps.storage.size(row.storageKey));
    file = await deps.storage.open(row.storageKey, range ?? undefined);
  } catch {
    throw notFound();
  }
  await audit(deps.db, auth, {
    action: 'donor.file.read',
    entityType: 'donor',
    entityId: row.donorId,
    centerId: row.centerId,
    details: { kind, fileId },
  });
  return { ...file, contentType: row.contentType, range };
}

/** `bytes=start-end`, `bytes=start-` or `bytes=-suffix` within a file of `size` bytes; else null. */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '') || size === 0) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  return start <= end && start < size ? { start, end } : null;
}

/** GET checkcompensationvisibility: whether the caller's center shows donor compensation. */
export async function compensationVisibility(deps: Deps, auth: Auth): Promise<{ visible: boolean }> {
  const settings = await repo.centerSettingsOf(deps.db, auth.centerId);
  return { visible: seesHiddenDonorFact(auth, settings.isCompensationVisible) };
}

/** GET /checkdonortypevisibility: the agency setting is_donor_type_visible (staff always see it). */
export async function donorTypeVisibility(deps: Deps, auth: Auth): Promise<{ visible: boolean }> {
  const settings = await repo.centerSettingsOf(deps.db, auth.centerId);
  return { visible: seesHiddenDonorFact(auth, settings.isDonorTypeVisible) };
}

// --- views

/** Whether this client session must solve a captcha before opening this donor (a new one). */
const captchaDue = ({ seen, views }: { seen: boolean; views: number }) =>
  !seen && views >= DONOR_PAGE_VIEW_CAPTCHA_THRESHOLD;

/** The page itself is closed too while the captcha is due, so skipping PUT donorviews gains nothing. */
async function assertPageAllowed(deps: Deps, auth: Auth, donorId: number): Promise<void> {
  if (captchaDue(await repo.pageViewFactsOf(deps.db, auth.sessionId, donorId)))
    throw badRequest(MSG.CAPTCHA_REQUIRED, { captchaRequired: true });
}

/**
 * PUT donorviews: a client's first look at a donor in this session counts once. A session that
 * has opened DONOR_PAGE_VIEW_CAPTCHA_THRESHOLD distinct donors since its last solved captcha
 * must solve one before the next new donor; re-opening a donor already seen never asks.
 */
export async function recordView(
  deps: Deps,
  auth: Auth,
  donorId: number,
  captcha: string | undefined,
  ip: string,
): Promise<DonorViewAnswer> {
  const { donor, settings } = await loadVisible(deps, auth, donorId);
  if (!donorViewCounts(auth)) return { counted: false };
  // The sample donor is a showcase: looking at it is neither counted nor captcha-gated.
  const sampleCode = settings.sampleDonorCode;
  if (sampleCode !== null && donor.displayId === sampleCode) return { counted: false };
  const facts = await repo.pageViewFactsOf(deps.db, auth.sessionId, donorId);
  if (facts.seen) return { counted: false };
  const now = deps.clock.now();
  let solvedNow = false;
  if (captchaDue(facts)) {
    if (!captcha) throw badRequest(MSG.CAPTCHA_REQUIRED, { captchaRequired: true });
    if (!(await verifyCaptcha(deps.db, deps.config, deps.clock, captcha))) {
      throw badRequest(MSG.CAPTCHA_INVALID, { captchaRequired: true });
    }
    solvedNow = true;
  }
  return deps.db.transaction(async (tx) => {
    if (solvedNow) await repo.markCaptchaSolved(tx, auth.sessionId, now);
    const counted = await repo.insertView(tx, {
      sessionId: auth.sessionId,
      donorId,
      userId: auth.userId,
      viewedAt: now,
    });
    if (counted) {
      await audit(
        tx,
        auth,
        {
          action: 'donor.view',
          entityType: 'donor',
          entityId: donorId,
          centerId: donor.centerId,
          details: { solvedNow },
        },
        ip,
      );
    }
    return { counted };
  });
}

// --- notes

/** The role check comes first (403 before the donor's 404). */
function assertNoteStaff(auth: Auth): void {
  if (!mayWriteNotes(auth)) throw forbidden();
}

/** The admin notes belong to the donor's own center: staff of a center that only sees the donor may not touch them. */
function assertOwnCenter(auth: Auth, donorCenterId: number): void {
  if (!canEditDonorNotes(auth, { centerId: donorCenterId })) throw forbidden();
}

/**
 * GET getdonornotes: the caller's own center's notes on a donor she may open (another center's
 * notes on it stay with that center; a donor she may not open is 404).
 */
export async function listNotes(deps: Deps, auth: Auth, donorId: number): Promise<DonorNote[]> {
  assertNoteStaff(auth);
  const { donor } = await loadVisible(deps, auth, donorId);
  const rows = await repo.notesOf(deps.db, donorId, auth.centerId);
  await auditRead(deps, auth, donorId, donor.centerId, 'notes');
  return notesView(rows);
}

/** POST donornotes: a note of the caller's center on a donor she may open. */
export async function addNote(deps: Deps, auth: Auth, donorId: number, note: string): Promise<DonorNote> {
  assertNoteStaff(auth);
  const text = note.trim();
  if (!text) throw badRequest(MSG.NOTE_BLANK);
  const { donor } = await loadVisible(deps, auth, donorId);
  return deps.db.transaction(async (tx) => {
    const row = await repo.insertNote(tx, {
      donorId,
      centerId: auth.centerId,
      managerId: auth.userId,
      note: text,
      createdAt: deps.clock.now(),
    });
    await audit(tx, auth, {
      action: 'donor.note.add',
      entityType: 'donor',
      entityId: donorId,
      centerId: donor.centerId,
      details: { noteId: row.id },
    });
    const [view] = notesView(
      (await repo.notesOf(tx, donorId, auth.centerId)).filter((n) => n.noteId === row.id),
    );
    return view!;
  });
}

/**
 * Removes a note of the caller's center on a donor she may open: its author, or an admin of that
 * center. Another center's note is unknown (404).
 */
export async function removeNote(deps: Deps, auth: Auth, noteId: number): Promise<void> {
  assertNoteStaff(auth);
  const note = await repo.noteById(deps.db, noteId);
  if (!note || note.centerId !== auth.centerId) throw notFound();
  const { donor } = await loadVisible(deps, auth, note.donorId);
  if (!canRemoveDonorNote(auth, { centerId: note.centerId, authorId: note.managerId })) throw forbidden();
  await deps.db.transaction(async (tx) => {
    await repo.deleteNote(tx, noteId);
    await audit(tx, auth, {
      action: 'donor.note.remove',
      entityType: 'donor',
      entityId: note.donorId,
      centerId: donor.centerId,
      details: { noteId },
    });
  });
}

/** PUT savenotes: the profile-wide admin notes. */
export async function saveAdminNotes(deps: Deps, auth: Auth, donorId: number, notes: string): Promise<void> {
  assertNoteStaff(auth);
  const { donor } = await loadVisible(deps, auth, donorId);
  assertOwnCenter(auth, donor.centerId);
  await deps.db.transaction(async (tx) => {
    const rows = await repo.setAdminNotes(tx, donorId, notes);
    if (rows.length === 0) throw notFound();
    await audit(tx, auth, {
      action: 'donor.adminNotes.save',
      entityType: 'donor',
      entityId: donorId,
      centerId: donor.centerId,
      details: { length: notes.length },
    });
  });
}

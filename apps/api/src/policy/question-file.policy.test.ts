import {
  answerVisibilityKind,
  canAnswerFor,
  canManageDonorMedia,
  canReadAnswer,
  mayManageDonorMedia,
  ROLE,
  tracksMediaVisits,
} from '@dm/shared';
import { describe, expect, it } from 'vitest';
import { everyone, OTHER, OWN, subject } from './subjects.js';

const q = (status: string, isActive = true, centerId = OWN) => ({ centerId, isActive, status });

describe('question policy (packages/shared/src/policy/question.ts)', () => {
  // own public, own staff, own private, own archived public, other staff, other private, gone
  const table: Record<string, boolean[]> = {
    'master own': [true, true, true, true, true, true, true],
    'master other': [true, true, true, true, true, true, true],
    'admin own': [true, true, true, true, true, true, true],
    'admin other': [true, true, false, false, true, true, true],
    'manager own': [true, true, true, true, true, true, true],
    'manager other': [true, true, false, false, true, true, true],
    'client own': [true, false, false, false, false, false, false],
    'client other': [true, false, false, false, false, false, false],
    'donor own': [true, true, true, false, true, true, false],
    'donor other': [true, true, true, false, true, true, false],
  };
  it.each(everyone())('answers read by %s', (label, s) => {
    const got = [
      canReadAnswer(s, q('public')),
      canReadAnswer(s, q('staff')),
      canReadAnswer(s, q('private')),
      canReadAnswer(s, q('public', false)),
      canReadAnswer(s, q('staff', true, OTHER === s.centerId ? OWN : OTHER)),
      canReadAnswer(s, q('private', true, s.centerId)),
      canReadAnswer(s, null),
    ];
    // Columns 5 and 6 are relative to the caller's center: another center's staff question, own private one.
    expect(got, label).toEqual(table[label]);
    expect(answerVisibilityKind(s)).toBe(
      s.role === ROLE.MASTER
        ? 'all'
        : s.role === ROLE.DONOR
          ? 'active'
          : s.role === ROLE.CLIENT
            ? 'activePublic'
            : 'staff',
    );
    expect(canAnswerFor(s, { centerId: OWN })).toBe(
      s.role === ROLE.DONOR || s.role === ROLE.MASTER || s.centerId === OWN,
    );
  });
});

describe('file policy (packages/shared/src/policy/file.ts)', () => {
  it.each(everyone())('media management for %s', (label, s) => {
    const staff = s.role === ROLE.ADMIN || s.role === ROLE.MANAGER;
    expect(mayManageDonorMedia(s), label).toBe(staff || s.role === ROLE.DONOR);
    expect(tracksMediaVisits(s)).toBe(staff);
    expect(canManageDonorMedia(s, { donorId: 500, centerId: OWN })).toBe(staff && s.centerId === OWN);
  });
  it('a donor manages only her own media', () => {
    expect(canManageDonorMedia(subject(ROLE.DONOR, OTHER, 500), { donorId: 500, centerId: OWN })).toBe(true);
    expect(canManageDonorMedia(subject(ROLE.DONOR, OWN, 501), { donorId: 500, centerId: OWN })).toBe(false);
  });
});

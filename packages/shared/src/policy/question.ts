import { ROLE } from '../roles.js';
import { inCenterOf, type PolicySubject } from './subject.js';

/**
 * Which of a donor's stored custom-question answers a caller reads, by the question's status
 * (@dm/shared QUESTION_STATUSES): the master everything; the donor answers to active questions;
 * intended parents active public questions only; other staff everything of their own center's
 * questions and the active public and staff questions of others (an answer whose question is
 * gone: staff only). The API turns the kind into SQL (questions.repo.ts answerVisibility).
 */
export function answerVisibilityKind(s: PolicySubject): 'all' | 'active' | 'activePublic' | 'staff' {
  if (s.role === ROLE.MASTER) return 'all';
  if (s.role === ROLE.DONOR) return 'active';
  if (s.role === ROLE.CLIENT) return 'activePublic';
  return 'staff';
}

/** The same rule for one answer (`question` null when it no longer exists). */
export function canReadAnswer(
  s: PolicySubject,
  question: { centerId: number; isActive: boolean; status: string } | null,
): boolean {
  switch (answerVisibilityKind(s)) {
    case 'all':
      return true;
    case 'active':
      return question?.isActive === true;
    case 'activePublic':
      return question?.isActive === true && question.status === 'public';
    case 'staff':
      return (
        question === null ||
        question.centerId === s.centerId ||
        (question.isActive && (question.status === 'public' || question.status === 'staff'))
      );
  }
}

/**
 * Who fills in a donor's answers (after the donor visibility rule): the donor, and staff of the
 * donor's own center (the master any); anyone else as unseen (404).
 */
export const canAnswerFor = (s: PolicySubject, donor: { centerId: number }): boolean =>
  s.role === ROLE.DONOR || inCenterOf(s, donor.centerId);

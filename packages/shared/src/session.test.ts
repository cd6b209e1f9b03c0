import { describe, expect, it } from 'vitest';
import { ROLE } from './roles.js';
import { postLoginDestination, type SessionUser } from './session.js';

/** A client of a center with the IP form on, at her first login, form not submitted. */
function client(over: Partial<SessionUser> = {}, center: Partial<SessionUser['center']> = {}): SessionUser {
  return {
    userId: 10,
    username: 'p@demo.test',
    email: 'p@demo.test',
    firstName: 'P',
    lastName: 'Q',
    fullName: 'P Q',
    role: ROLE.CLIENT,
    status: 'Active',
    center: {
      id: 1,
      name: 'Main',
      appTitle: 'Main',
      onboarded: true,
      preActiveAccess: false,
      consumerSite: false,
      payments: false,
      compareDonors: false,
      ipFormVisible: true,
      preActiveDonorDetails: false,
      parentTypeFilter: false,
      ...center,
    },
    parentId: null,
    managerId: 2,
    shortlistId: null,
    eulaAccepted: true,
    eulaAcceptedAt: '2026-01-01T00:00:00Z',
    termsUpdatedAt: '2026-01-01T00:00:00Z',
    lastLoginAt: null,
    switchedFrom: null,
    donor: null,
    client: { ipFormSubmitted: false, firstLogin: true },
    ...over,
  };
}

describe('postLoginDestination: the IP form', () => {
  it('sends an Active client with an unsubmitted form to /ipform at her first login', () => {
    expect(postLoginDestination(client())).toBe('/ipform');
  });

  it('does not when the center has the form off, it is submitted, or she is a second parent', () => {
    expect(postLoginDestination(client({}, { ipFormVisible: false }))).toBe('/noportfolio/1');
    expect(postLoginDestination(client({ client: { ipFormSubmitted: true, firstLogin: true } }))).toBe(
      '/noportfolio/1',
    );
    expect(postLoginDestination(client({ parentId: 9 }))).toBe('/noportfolio/1');
  });

  it('holds a Pre-Active client of a center without pre-active access at /notpaid, not the form she may not open', () => {
    expect(postLoginDestination(client({ status: 'Pre-Active' }))).toBe('/notpaid');
    expect(postLoginDestination(client({ status: 'Pre-Active' }, { preActiveAccess: true }))).toBe('/ipform');
  });
});

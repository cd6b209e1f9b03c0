import { ROLE } from '@dm/shared';
import { describe, expect, it } from 'vitest';
import { sessionUser } from '../test/render';
import { menuFor } from './menu';

const pages = (user: ReturnType<typeof sessionUser>) => menuFor(user).map((item) => item.page);
const withForm = (over: Parameters<typeof sessionUser>[0] = {}) => {
  const base = sessionUser(over);
  return { ...base, center: { ...base.center, ipFormVisible: true } };
};

describe('menuFor: the IP form entry', () => {
  it('shows to a primary intended parent whose center has the form on', () => {
    expect(pages(withForm())).toContain('ipform');
  });

  it('not where the center has it off, nor to a second parent, nor to a case manager', () => {
    expect(pages(sessionUser())).not.toContain('ipform');
    expect(pages(withForm({ parentId: 3 }))).not.toContain('ipform');
    expect(pages(withForm({ role: ROLE.MANAGER, client: null }))).not.toContain('ipform');
  });
});

describe('menuFor: the agency settings entries', () => {
  it('shows general configuration and fees to the agency admin and the master admin, beside the scheduler', () => {
    for (const role of [ROLE.ADMIN, ROLE.MASTER]) {
      const list = pages(sessionUser({ role, client: null }));
      const at = list.indexOf('scheduledonoremail');
      expect(list.slice(at, at + 3)).toEqual(['scheduledonoremail', 'generalconfiguration', 'feeandpayment']);
    }
  });

  it('not to case managers, parents or donors', () => {
    for (const role of [ROLE.MANAGER, ROLE.CLIENT, ROLE.DONOR]) {
      const list = pages(sessionUser({ role, client: null }));
      expect(list).not.toContain('generalconfiguration');
      expect(list).not.toContain('feeandpayment');
    }
  });
});

describe('menuFor: the consumer pages', () => {
  const consumer = (over: Parameters<typeof sessionUser>[0] = {}) => {
    const base = sessionUser(over);
    return { ...base, center: { ...base.center, payments: true, preActiveAccess: true } };
  };

  it('offers the consumer client the education resources and the site tour', () => {
    const items = menuFor(consumer());
    expect(items.find((i) => i.page === 'education-resources')?.params).toEqual({ resourcetype: 'articles' });
    expect(items.map((i) => i.page)).toContain('site-tour');
  });

  it('keeps the site tour to the consumer center; education resources stay for every client', () => {
    expect(pages(sessionUser())).not.toContain('site-tour');
    expect(pages(sessionUser())).toContain('education-resources');
  });

  it('shows concierge requests to the staff of an agency that sells memberships only', () => {
    for (const role of [ROLE.ADMIN, ROLE.MANAGER]) {
      expect(pages(consumer({ role, client: null }))).toContain('conciergerequests');
      expect(pages(sessionUser({ role, client: null }))).not.toContain('conciergerequests');
    }
    expect(pages(consumer({ role: ROLE.ADMIN, client: null }))).toContain('education-resources');
    expect(pages(consumer())).not.toContain('conciergerequests');
  });
});

describe('menuFor: a donor’s own pages', () => {
  const donor = (preFormStatus: number | null) =>
    sessionUser({
      userId: 42,
      role: ROLE.DONOR,
      status: 'Active',
      client: null,
      donor: { preFormStatus, availability: 'Available', lastTab: null },
    });

  it('gives a donor whose pre-form is accepted her home, her donor form at her id, messages and her profile', () => {
    const items = menuFor(donor(1));
    expect(items.map((i) => i.page)).toEqual(['donorhome', 'donorform', 'messageroom', 'editprofile']);
    expect(items.find((i) => i.page === 'donorform')?.params).toEqual({ id: 42 });
  });

  it('offers the pre-form instead of the home and form until it is accepted', () => {
    for (const status of [null, 0]) {
      expect(pages(donor(status))).toEqual(['preform', 'messageroom', 'editprofile']);
    }
  });

  it('adds none of them to the menus of staff, who open a donor’s forms from the donors grid', () => {
    for (const role of [ROLE.ADMIN, ROLE.MANAGER, ROLE.CLIENT]) {
      const list = pages(sessionUser({ role, client: null }));
      for (const page of ['donorhome', 'donorform', 'preform', 'editprofile'] as const)
        expect(list).not.toContain(page);
    }
  });
});

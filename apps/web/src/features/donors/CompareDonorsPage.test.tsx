import type { CompareDonor, DonorListItem, SearchAnswer } from '@dm/shared';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderPage, type StubRequest, sessionUser } from '../../test/render';
import CompareDonorsPage from './CompareDonorsPage';

const compared = (donorId: number): CompareDonor => ({
  donorId,
  displayId: `D-${donorId}`,
  // The agency's id where the donor has one (donors 2 and 4), as the lookup lists them.
  agencyDisplayId: donorId % 2 === 0 ? `MA-${donorId}` : null,
  firstName: `Donor${donorId}`,
  age: 25,
  availability: 'Available',
  donorType: 'Fresh',
  centerId: 1,
  heightCm: 165,
  eyeColor: 'Blue',
  hairColor: 'Brown',
  educationLevel: null,
  bloodGroup: null,
  picture: null,
  compensation: null,
  races: [],
  ethnicities: [],
  religion: null,
  previousDonor: false,
  provenFertility: false,
  amhValue: null,
  donationCount: 0,
});

const listed = (id: number): DonorListItem => ({
  id,
  displayId: `D-${id}`,
  agencyDisplayId: `MA-${id}`,
  firstName: `Donor${id}`,
  centerId: 1,
  age: 27,
  ageUnconfirmed: false,
  heightCm: 165,
  eyeColor: 'Blue',
  hairColor: 'Brown',
  races: [],
  ethnicities: [],
  city: null,
  state: null,
  availability: 'Available',
  frozenAvailability: null,
  donorType: 'Fresh',
  remainingQueue: 3,
  frozenRemainingQueue: 3,
  photoUrl: null,
  photoIds: [],
  views: 0,
  distance: null,
  fav: false,
  shortlists: [],
  feedback: null,
  matchStatus: null,
  queueType: null,
});

const page = (ids: string, role: 7 | 9 = 9) =>
  renderPage(<CompareDonorsPage />, {
    route: `/comparedonors?ids=${ids}`,
    path: '/comparedonors',
    api: {
      me: ok(sessionUser({ role, center: { ...sessionUser().center, compareDonors: true } })),
      comparedonors: (r: StubRequest) =>
        ok((r.query.get('ids') ?? '').split(',').map((id) => compared(Number(id)))),
      getdonorlist: (r: StubRequest) => {
        const wanted = (r.body as { donor_id: string }).donor_id;
        const rows = wanted.toUpperCase() === 'MA-2' ? [listed(2)] : [];
        return ok({ rows, total: rows.length, page: 1, recordcount: 25 } satisfies SearchAnswer);
      },
    },
  });

const lookups = (requests: StubRequest[]) => requests.filter((r) => r.name === 'getdonorlist');

describe('CompareDonorsPage', { timeout: 15_000 }, () => {
  it('finds a donor by id after the typing pauses and adds it to the comparison', async () => {
    const { requests } = page('1');
    expect(await screen.findByRole('link', { name: 'Donor1 (D-1)' })).toBeTruthy();
    const box = screen.getByRole('searchbox', { name: 'Find a donor by id' });
    fireEvent.change(box, { target: { value: 'M' } });
    fireEvent.change(box, { target: { value: 'MA-2' } });
    // Debounced (400 ms): nothing is asked while typing, then only the last value.
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(lookups(requests)).toEqual([]);
    const add = await screen.findByRole('button', { name: 'Add to comparison: donor MA-2' });
    expect(lookups(requests).map((r) => r.body)).toEqual([
      { donor_id: 'MA-2', minage: 18, maxage: 60, recordcount: 25, currentPage: 1 },
    ]);
    fireEvent.click(add);
    expect(await screen.findByRole('link', { name: 'Donor2 (MA-2)' })).toBeTruthy();
    expect(
      requests
        .filter((r) => r.name === 'comparedonors')
        .at(-1)
        ?.query.get('ids'),
    ).toBe('1,2');
    expect(screen.getByRole('button', { name: 'In comparison: donor MA-2' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('says when no donor has the id, and adds nothing once three are compared', async () => {
    page('1,3,4');
    await screen.findByRole('link', { name: 'Donor4 (MA-4)' });
    const box = screen.getByRole('searchbox', { name: 'Find a donor by id' });
    fireEvent.change(box, { target: { value: 'nobody' } });
    expect(await screen.findByText('No donor has this id.')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'MA-2' } });
    const add = await screen.findByRole('button', { name: 'Add to comparison: donor MA-2' });
    expect(add.hasAttribute('disabled')).toBe(true);
  });

  it('compares for an agency admin without the id lookup, which is the search she has no access to', async () => {
    const { requests } = page('1,2', 7);
    expect(await screen.findByRole('link', { name: 'Donor2 (MA-2)' })).toBeTruthy();
    expect(screen.queryByRole('searchbox', { name: 'Find a donor by id' })).toBeNull();
    expect(lookups(requests)).toEqual([]);
  });
});

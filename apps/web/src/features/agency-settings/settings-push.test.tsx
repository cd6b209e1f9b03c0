import { type DonorListItem, ROLE, type SessionUser } from '@dm/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../lib/session';
import { ok, renderPage, sessionUser } from '../../test/render';
import { DonorCard } from '../search/DonorCard';

// The socket is replaced: the test delivers the server's push itself.
const live = vi.hoisted(() => ({ event: new Map<string, (data: unknown) => void>() }));
vi.mock('../../lib/realtime', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/realtime')>()),
  useRealtimeEvent: (name: string, handler: (data: unknown) => void) => {
    live.event.set(name, handler);
  },
}));
beforeEach(() => live.event.clear());

const parent = (center: Partial<SessionUser['center']>, status: SessionUser['status'] = 'Active') => {
  const base = sessionUser({ status });
  return { ...base, center: { ...base.center, ...center } };
};

function IpFormFlag() {
  const { user } = useSession();
  return <p>{user ? `IP form ${user.center.ipFormVisible ? 'on' : 'off'}` : 'signed out'}</p>;
}

describe("an agency's settings change (center:settings push)", () => {
  it('reads the session again, so pages and menus follow the new switches at once', async () => {
    let calls = 0;
    const { requests } = renderPage(<IpFormFlag />, {
      api: { me: () => ok(parent({ ipFormVisible: ++calls === 1 })) },
    });
    expect(await screen.findByText('IP form on')).toBeTruthy();
    act(() => live.event.get('center:settings')!({ centerId: 1 }));
    expect(await screen.findByText('IP form off')).toBeTruthy();
    expect(requests.filter((r) => r.name === 'me')).toHaveLength(2);
  });
});

const card: DonorListItem = {
  id: 1,
  displayId: 'S1',
  agencyDisplayId: null,
  firstName: null,
  centerId: 1,
  age: 25,
  ageUnconfirmed: false,
  heightCm: 167.64,
  eyeColor: 'Blue',
  hairColor: 'Brown',
  races: [],
  ethnicities: [],
  city: null,
  state: null,
  availability: 'Available',
  frozenAvailability: null,
  donorType: null,
  remainingQueue: 2,
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
};

describe('the donor card under the agency settings', () => {
  it('offers no profile link to a Pre-Active parent whose agency keeps donor details from her', async () => {
    const preActive = (on: boolean) =>
      parent({ preActiveAccess: true, preActiveDonorDetails: on }, 'Pre-Active');
    const { unmount } = renderPage(<DonorCard donor={card} />, { api: { me: ok(preActive(false)) } });
    await screen.findByText('S1');
    await waitFor(() => expect(screen.queryByRole('link', { name: /View profile/ })).toBeNull());
    // A hidden donor type is not shown at all.
    expect(screen.queryByText('Donor type')).toBeNull();
    unmount();
    renderPage(<DonorCard donor={card} />, { api: { me: ok(preActive(true)) } });
    expect(await screen.findByRole('link', { name: /View profile/ })).toBeTruthy();
  });

  it('keeps the link for members and staff', async () => {
    renderPage(<DonorCard donor={card} />, {
      api: { me: ok(sessionUser({ role: ROLE.MANAGER, client: null })) },
    });
    expect(await screen.findByRole('link', { name: /View profile/ })).toBeTruthy();
  });
});

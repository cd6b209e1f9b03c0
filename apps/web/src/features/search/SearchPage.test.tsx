import {
  type DonorListItem,
  ROLE,
  type SavedSearch,
  SEARCH_LOADER_MESSAGES,
  type SearchAnswer,
  searchFilters,
} from '@dm/shared';
import { ModalsProvider } from '@mantine/modals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, renderPage, type StubRequest, sessionUser } from '../../test/render';
import SearchPage from './SearchPage';

const donor = (id: number): DonorListItem => ({
  id,
  displayId: `S${id}`,
  agencyDisplayId: `MA-${id}`,
  firstName: 'Ann',
  centerId: 1,
  age: 25,
  ageUnconfirmed: false,
  heightCm: 167.64,
  eyeColor: 'Blue',
  hairColor: 'Brown',
  races: [{ name: 'White', percentage: 100 }],
  ethnicities: [],
  city: 'Austin',
  state: 'TX',
  availability: 'Available',
  frozenAvailability: null,
  donorType: 'Fresh',
  remainingQueue: 2,
  frozenRemainingQueue: 3,
  photoUrl: '/api/donorphoto/1',
  photoIds: [1, 2],
  views: 10,
  distance: null,
  fav: false,
  shortlists: [],
  feedback: null,
  matchStatus: null,
  queueType: null,
});

const answer = (r: StubRequest): SearchAnswer => ({
  rows: [donor(1), donor(2)],
  total: 60,
  page: (r.body as { currentPage: number }).currentPage,
  recordcount: 25,
});

const common = {
  getdonorlist: (r: StubRequest) => ok(answer(r)),
  savedsearches: ok([]),
  getagencieshasdonoraccess: ok({
    agencies: [{ centerId: 1, name: 'Main' }],
    agencyWithMultiAgencyAccess: [],
  }),
  'getallstates/US': ok([{ isoCode: 'TX', name: 'Texas' }]),
};

const page = (consumerSite = false, api = {}) =>
  renderPage(
    <ModalsProvider>
      <SearchPage />
    </ModalsProvider>,
    {
      api: {
        me: ok(sessionUser({ center: { ...sessionUser().center, consumerSite } })),
        ...common,
        ...api,
      },
    },
  );

afterEach(() => {
  vi.useRealTimers();
});

// The full filter form renders slowly in happy-dom under a busy machine.
describe('SearchPage', { timeout: 20_000 }, () => {
  it('searches on load, shows cards linking to the donor details, and pages', async () => {
    const { requests } = page();
    expect(await screen.findByText('60 donors found')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'View profile of donor MA-1' });
    expect(link.getAttribute('href')).toBe('/donordetails/1');
    expect(screen.getAllByText('2 of 3 queue spots open').length).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.name === 'getdonorlist').at(-1)?.body).toMatchObject({
        currentPage: 2,
      }),
    );
  });

  it('names agencies whose donors became searchable since the last login', async () => {
    const { requests } = page(false, {
      me: ok(sessionUser({ lastLoginAt: '2026-11-20T00:00:00.000Z' })),
      checkfornewagency: ok([{ centerId: 46, name: 'Circle Surrogacy' }]),
    });
    await waitFor(() => expect(requests.some((r) => r.name === 'checkfornewagency')).toBe(true), {
      timeout: 5000,
    });
    expect(
      await screen.findByText(/Donors of Circle Surrogacy can be searched since your last visit/, undefined, {
        timeout: 5000,
      }),
    ).toBeTruthy();
    expect(requests.find((r) => r.name === 'checkfornewagency')?.body).toEqual({
      last_login: '2026-11-20T00:00:00.000Z',
    });
  });

  it('does not ask for new agencies without a previous login', async () => {
    const { requests } = page();
    expect(await screen.findByText('60 donors found')).toBeTruthy();
    expect(requests.some((r) => r.name === 'checkfornewagency')).toBe(false);
  });

  it('on a narrow screen folds the filters behind a button, the results first; Show results searches and folds them', async () => {
    // Narrower than the breakpoint where filters and results stand side by side.
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: false,
          media: query,
          onchange: null,
          addListener: () => {},
          removeListener: () => {},
          addEventListener: () => {},
          removeEventListener: () => {},
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    const { requests } = page();
    expect(await screen.findByText('60 donors found')).toBeTruthy();
    expect(screen.getAllByRole('article').length).toBe(2);
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('form', { name: 'Search filters' })).toBeNull();
    fireEvent.click(toggle);
    const form = await screen.findByRole('form', { name: 'Search filters' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.change(within(form).getByRole('searchbox', { name: /Search everything/ }), {
      target: { value: 'austin' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Show results' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.name === 'getdonorlist').at(-1)?.body).toMatchObject({
        globalSearch: 'austin',
      }),
    );
    // Folded again, with the focus back on the button above the results.
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('keeps the filters beside the results on a wide screen, with no folding button', async () => {
    page();
    expect(await screen.findByText('60 donors found')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Search filters' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Filters' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Search' })).toBeTruthy();
  });

  it('sends the filters of the form when searching', async () => {
    const { requests } = page();
    await screen.findByText('60 donors found');
    fireEvent.change(screen.getByRole('searchbox', { name: /Search everything/ }), {
      target: { value: 'austin' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.name === 'getdonorlist').at(-1)?.body).toEqual({
        minage: 19,
        maxage: 36,
        globalSearch: 'austin',
        sortby: 'Newest',
        recordcount: 25,
        currentPage: 1,
      }),
    );
  });

  it('lets staff choose complete profiles, applicants or every donor, and marks an applicant', async () => {
    const { requests } = page(false, {
      me: ok(sessionUser({ role: ROLE.MANAGER, username: 'manager@demo.test' })),
      getdonorlist: (r: StubRequest) =>
        ok({ ...answer(r), rows: [donor(1), { ...donor(2), availability: 'Invited' }] }),
    });
    await screen.findByText('60 donors found');
    // The first search asks for complete profiles: the server's default, so nothing is sent.
    expect(requests.find((r) => r.name === 'getdonorlist')?.body).not.toHaveProperty('profiles');
    expect(screen.getAllByText('Profile not complete').length).toBe(1);
    const profiles = screen.getByRole('radiogroup', { name: 'Profiles' });
    fireEvent.click(within(profiles).getByLabelText('Applicants'));
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.name === 'getdonorlist').at(-1)?.body).toMatchObject({
        profiles: 'applying',
      }),
    );
  });

  it('offers intended parents no choice of profiles', async () => {
    page();
    await screen.findByText('60 donors found');
    expect(screen.queryByRole('radiogroup', { name: 'Profiles' })).toBeNull();
  });

  it('opens a quick view titled with the donor id', async () => {
    page();
    fireEvent.click(await screen.findByRole('button', { name: 'Quick view of donor MA-1' }));
    expect(await screen.findByRole('dialog', { name: 'Donor MA-1' })).toBeTruthy();
    expect(screen.getByText('Photo 1 of 2')).toBeTruthy();
  });

  it('toggles a favourite from the card and reads the list again', async () => {
    let fav = false;
    const marked = (r: StubRequest): SearchAnswer => ({
      ...answer(r),
      rows: [
        {
          ...donor(1),
          fav,
          shortlists: [{ id: 7, name: 'Spring picks', addedAt: '2026-03-01T00:00:00.000Z', feedback: 'yes' }],
          feedback: 'yes',
        },
        donor(2),
      ],
    });
    const { requests } = page(false, {
      getdonorlist: (r: StubRequest) => ok(marked(r)),
      savefavoritedonor: () => {
        fav = true;
        return ok({ added: true });
      },
      removefavoritedonor: () => {
        fav = false;
        return ok({ removed: true });
      },
      setfavandnotesnotification: ok(null),
    });
    const add = await screen.findByRole('button', { name: 'Add to favorites: donor MA-1' });
    expect(add.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByText('In portfolio: Spring picks')).toBeTruthy();
    expect(screen.getByText('Feedback: Yes')).toBeTruthy();
    const searches = requests.filter((r) => r.name === 'getdonorlist').length;
    fireEvent.click(add);
    const done = await screen.findByRole('button', { name: 'Favorite: donor MA-1' });
    expect(done.getAttribute('aria-pressed')).toBe('true');
    expect(requests.find((r) => r.name === 'savefavoritedonor')?.body).toEqual({ donor_id: 1 });
    expect(requests.find((r) => r.name === 'setfavandnotesnotification')?.body).toMatchObject({
      donor_id: 1,
      type: 'favorite',
    });
    expect(requests.filter((r) => r.name === 'getdonorlist').length).toBeGreaterThan(searches);
    fireEvent.click(done);
    expect(await screen.findByRole('button', { name: 'Add to favorites: donor MA-1' })).toBeTruthy();
    expect(requests.find((r) => r.name === 'removefavoritedonor')?.body).toEqual({ donor_id: 1 });
  });

  it('offers no favourite toggle where the favorites page is closed to the caller', async () => {
    page(false, { me: ok(sessionUser({ center: { ...sessionUser().center, onboarded: false } })) });
    await screen.findByText('60 donors found');
    expect(screen.queryByRole('button', { name: /favorites: donor/ })).toBeNull();
  });

  it('shows the rotating loader messages only at the consumer center and only while pending', async () => {
    let release: (() => void) | null = null;
    // Non-consumer: never the messages.
    const first = page(false);
    await screen.findByText('60 donors found');
    expect(screen.queryByText(SEARCH_LOADER_MESSAGES[0])).toBeNull();
    first.unmount();

    page(true);
    await screen.findByText('60 donors found');
    expect(screen.queryByText(SEARCH_LOADER_MESSAGES[0])).toBeNull();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const stubbed = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('getdonorlist')) await gate;
      return stubbed(input, init);
    });
    fireEvent.change(screen.getByRole('searchbox', { name: /Search everything/ }), {
      target: { value: 'austin' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(SEARCH_LOADER_MESSAGES[0])).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(2600);
    });
    expect(await screen.findByText(SEARCH_LOADER_MESSAGES[1])).toBeTruthy();
    await act(async () => {
      release?.();
    });
    expect(await screen.findByText('60 donors found')).toBeTruthy();
    expect(screen.queryByText(SEARCH_LOADER_MESSAGES[1])).toBeNull();
  });
  it('gives a case manager the compare selection on the result cards', async () => {
    page(false, { me: ok(sessionUser({ role: 6 })) });
    await screen.findByText('60 donors found');
    const compare = screen.getByRole('link', { name: /Compare selected/ });
    expect(compare.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Compare donor MA-2' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Compare donor MA-1' }));
    expect(compare.getAttribute('aria-disabled')).toBe('false');
    expect(compare.getAttribute('href')).toBe('/comparedonors?ids=2,1');
  });

  it('offers the comparison to a client only where the agency allows it', async () => {
    page(false, { me: ok(sessionUser({ center: { ...sessionUser().center, compareDonors: false } })) });
    await screen.findByText('60 donors found');
    expect(screen.queryByRole('link', { name: /Compare selected/ })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /^Compare donor/ })).toBeNull();
  });

  it("switches a picked saved search's daily e-mail on and shows its state (issue 22)", async () => {
    const saved = (alert: boolean): SavedSearch => ({
      search_id: 5,
      search_name: 'Tall brunettes',
      search_data: searchFilters.parse({ haircolor: ['Brown'] }),
      updated_at: '2026-03-01T00:00:00.000Z',
      last_run_at: null,
      newDonors: 2,
      alert,
    });
    let alertOn = false;
    const { requests } = page(false, {
      savedsearches: () => ok([saved(alertOn)]),
      savedsearchalert: (r: StubRequest) => {
        alertOn = (r.body as { alert: boolean }).alert;
        return ok(
          { search_id: 5, alert: alertOn },
          'You will get a daily e-mail when new donors match this search.',
        );
      },
    });
    await screen.findByText('60 donors found');
    // No switch until a saved search is picked.
    expect(screen.queryByRole('switch', { name: /E-mail me new matches daily/ })).toBeNull();
    fireEvent.click(screen.getByRole('combobox', { name: 'Saved searches' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Tall brunettes (2 new)' }));
    const toggle = await screen.findByRole('switch', { name: /E-mail me new matches daily/ });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('Off for “Tall brunettes”.')).toBeTruthy();
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'savedsearchalert')).toMatchObject({
        method: 'PUT',
        body: { search_id: 5, alert: true },
      }),
    );
    await waitFor(() =>
      expect(
        (screen.getByRole('switch', { name: /E-mail me new matches daily/ }) as HTMLInputElement).checked,
      ).toBe(true),
    );
    expect(
      screen.getByText('On: new donors of “Tall brunettes” come by e-mail, once a day at most.'),
    ).toBeTruthy();
  });

  it('saves a new search with its daily e-mail switched on', async () => {
    const created: SavedSearch = {
      search_id: 9,
      search_name: 'Blue eyes',
      search_data: searchFilters.parse({}),
      updated_at: '2026-03-01T00:00:00.000Z',
      last_run_at: null,
      newDonors: 0,
      alert: false,
    };
    const { requests } = page(false, {
      savesearch: ok(created, 'Search saved successfully.'),
      savedsearchalert: ok({ search_id: 9, alert: true }),
    });
    await screen.findByText('60 donors found');
    fireEvent.click(screen.getByRole('button', { name: 'Save search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save search' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Search name/ }), {
      target: { value: 'Blue eyes' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /E-mail me new matches daily/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'savedsearchalert')?.body).toEqual({
        search_id: 9,
        alert: true,
      }),
    );
    expect(requests.find((r) => r.name === 'savesearch')?.body).toMatchObject({ name: 'Blue eyes' });
  });
});

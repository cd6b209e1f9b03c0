import { type DonorDetails, MSG } from '@dm/shared';
import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok, renderPage, type StubRequest, type StubRoutes, sessionUser } from '../../test/render';
import DonorDetailsPage from './DonorDetailsPage';
import { formatDate, formatNoteDate, tabIndex, valueText } from './format';

const manager = sessionUser({ userId: 3, username: 'manager@demo.test', role: 6, client: null });
const client = sessionUser();

const details = (over: Partial<DonorDetails> = {}): DonorDetails => ({
  donorId: 42,
  displayId: 'D-42',
  agencyDisplayId: null,
  centerId: 1,
  centerName: 'Test Agency',
  firstName: 'Ava',
  lastName: null,
  age: 25,
  availability: 'Available',
  frozenAvailability: null,
  donorType: 'Fresh',
  viewsCount: 3,
  isFavorite: false,
  compensation: null,
  ssn: null,
  contact: null,
  general: { occupation: 'Nurse', availableFrom: '2026-03-04' },
  personalHealth: { bloodGroup: 'O+' },
  healthAnswers: [],
  characteristics: { eyeColor: 'Blue' },
  races: [],
  ethnicities: [],
  family: { members: [], history: [], diseases: [] },
  education: { records: [], exams: [] },
  pastDonations: [],
  medications: [],
  deliveries: [],
  customAnswers: [],
  pictures: [],
  videos: [],
  documents: [],
  additionalDocuments: [],
  frozenBatches: null,
  notes: null,
  adminNotes: null,
  matchPanels: null,
  ...over,
});

const page = (route: string, api: StubRoutes) =>
  renderPage(
    <ModalsProvider>
      <DonorDetailsPage />
    </ModalsProvider>,
    { route, path: '/donordetails/:id/:feedback?/:settab?', api },
  );

describe('tabIndex', () => {
  it('takes 0 to 7 and falls back to 0 otherwise', () => {
    expect(tabIndex('3')).toBe(3);
    expect(tabIndex('7')).toBe(7);
    expect(tabIndex('8')).toBe(0);
    expect(tabIndex('-1')).toBe(0);
    expect(tabIndex('x')).toBe(0);
    expect(tabIndex(undefined)).toBe(0);
  });

  it('shows dates as MM/DD/YYYY: calendar dates unshifted, other text unchanged', () => {
    expect(formatDate('2026-03-04')).toBe('03/04/2026');
    expect(formatDate(new Date(2026, 10, 22, 23, 59).toISOString())).toBe('11/22/2026');
    expect(formatDate('2026-11-22T23:30:00.000Z', true)).toBe('11/22/2026');
    expect(valueText('2026-01-09')).toBe('01/09/2026');
    expect(valueText('Nurse')).toBe('Nurse');
    expect(formatDate('soon')).toBe('soon');
  });

  it('formats note times as MMM dd yyyy hh:mm a', () => {
    expect(formatNoteDate(new Date(2026, 0, 5, 14, 7).toISOString())).toBe('Jan 05 2026 02:07 PM');
    expect(formatNoteDate(new Date(2026, 10, 22, 0, 30).toISOString())).toBe('Nov 22 2026 12:30 AM');
  });
});

describe('DonorDetailsPage', () => {
  it('opens the tab settab names, and the first tab for a settab over 7', async () => {
    const first = page('/donordetails/42/0/5', { me: ok(manager), 'getdonordetails/42': ok(details()) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ava' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Past donations' }).getAttribute('aria-selected')).toBe('true');
    first.unmount();
    page('/donordetails/42/0/9', { me: ok(manager), 'getdonordetails/42': ok(details()) });
    expect((await screen.findByRole('tab', { name: 'General' })).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tablist', { name: 'Donor profile sections' })).toBeTruthy();
    expect(screen.getByText('03/04/2026')).toBeTruthy();
    expect(screen.getAllByRole('tab')).toHaveLength(8);
  });

  it('refuses a blank note with the spec message and adds a real one', async () => {
    const { requests } = page('/donordetails/42', {
      me: ok(manager),
      'getdonordetails/42': ok(details({ notes: [], matchPanels: { active: [], queued: [] } })),
      donornotes: (r: StubRequest) =>
        ok({
          noteId: 1,
          managerId: 3,
          managerName: 'M',
          note: (r.body as { note: string }).note,
          createdAt: new Date().toISOString(),
        }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add note' }));
    expect(await screen.findByText(MSG.NOTE_BLANK)).toBeTruthy();
    expect(requests.some((r) => r.name === 'donornotes')).toBe(false);
    fireEvent.change(screen.getByRole('textbox', { name: 'New note' }), { target: { value: 'Called her' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'donornotes')?.body).toEqual({
        donor_id: 42,
        note: 'Called her',
      }),
    );
  });

  it("shows a case manager her center's notes on another agency's donor, with the add form", async () => {
    const other = sessionUser({
      userId: 30,
      username: 'manager133@demo.test',
      role: 6,
      client: null,
      center: { ...manager.center, id: 133, name: 'GWK Egg Bank' },
    });
    const note = {
      noteId: 5,
      managerId: 30,
      managerName: 'Casey',
      note: 'Client likes her',
      createdAt: '2026-05-01T10:00:00.000Z',
    };
    page('/donordetails/42', {
      me: ok(other),
      'getdonordetails/42': ok(
        details({ centerId: 1, notes: [note], matchPanels: { active: [], queued: [] } }),
      ),
    });
    const panel = await screen.findByRole('region', { name: 'Notes' });
    expect(within(panel).getByText('Client likes her')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Add note' })).toBeTruthy();
  });

  it("shows the master every center's notes without an add form (only agency staff write notes)", async () => {
    const master = sessionUser({ userId: 1, username: 'master@demo.test', role: 1, client: null });
    const note = {
      noteId: 5,
      managerId: 30,
      managerName: 'Casey',
      note: 'Client likes her',
      createdAt: '2026-05-01T10:00:00.000Z',
    };
    page('/donordetails/42', {
      me: ok(master),
      'getdonordetails/42': ok(details({ notes: [note], matchPanels: { active: [], queued: [] } })),
    });
    const panel = await screen.findByRole('region', { name: 'Notes' });
    expect(within(panel).getByText('Client likes her')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Add note' })).toBeNull();
  });

  it('records a client view, and shows the captcha when the server asks for it', async () => {
    const { requests } = page('/donordetails/42', {
      me: ok(client),
      'donorviews/42': fail(400, MSG.CAPTCHA_REQUIRED, { captchaRequired: true }),
      'getdonordetails/42': ok(details()),
    });
    expect(await screen.findByText(MSG.CAPTCHA_REQUIRED)).toBeTruthy();
    // The captcha widget's code loads when it is needed.
    expect(await screen.findByRole('checkbox', { name: "I'm not a robot" })).toBeTruthy();
    expect(requests.find((r) => r.name === 'donorviews/42')?.method).toBe('PUT');
    expect(requests.some((r) => r.name === 'getdonordetails/42')).toBe(false);
  });

  it('shows a client the favourite toggle but no notes or share', async () => {
    const { requests } = page('/donordetails/42', {
      me: ok(client),
      'donorviews/42': ok({ counted: true }),
      'getdonordetails/42': ok(details()),
      savefavoritedonor: ok({ added: true }, MSG.FAVORITE_ADDED),
      setfavandnotesnotification: ok(null),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add to favorites' }));
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'savefavoritedonor')?.body).toEqual({ donor_id: 42 }),
    );
    // The client's case manager hears of the new favourite.
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'setfavandnotesnotification')?.body).toEqual({
        donor_id: 42,
        type: 'favorite',
        message: '',
      }),
    );
    expect(screen.queryByRole('button', { name: 'Share donor' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'New note' })).toBeNull();
  });

  it('opened from a portfolio (feedback parameter): links back and takes the client feedback', async () => {
    const portfolio = {
      portfolio: {
        id: 7,
        name: 'For Jordan',
        status: 'Active' as const,
        clientId: 10,
        clientName: null,
        managerId: 5,
        createdBy: 5,
        sharedBy: null,
        donorCount: 1,
        updatedAt: '2026-11-01T10:00:00.000Z',
        canEdit: false,
      },
      donors: [
        {
          donorId: 42,
          displayId: 'D-42',
          firstName: null,
          age: 25,
          heightCm: 165,
          eyeColor: null,
          hairColor: null,
          availability: 'Available',
          donorType: 'Fresh',
          photoUrl: null,
          position: 0,
          feedback: 'no' as const,
          remainingQueue: 3,
          frozenRemainingQueue: 3,
          addedAt: '2026-11-01T10:00:00.000Z',
        },
      ],
      counts: { yes: 0, maybe: 0, no: 1 },
      canGiveFeedback: true,
      donorLimit: 40,
    };
    const { requests } = page('/donordetails/42/7/2', {
      me: ok(client),
      'donorviews/42': ok({ counted: true }),
      'getdonordetails/42': ok(details()),
      'getshortlistdonors/7/preview/order': ok(portfolio),
      'getdonorfeedback/42': ok([]),
      updateclientfeedback: ok({ yes: 1, maybe: 0, no: 0 }),
    });
    const back = await screen.findByRole('link', { name: 'Back to portfolio For Jordan' });
    expect(back.getAttribute('href')).toBe('/previewshortlist/7/42');
    expect(screen.getByRole('tab', { name: 'Characteristics' }).getAttribute('aria-selected')).toBe('true');
    const group = screen.getByRole('group', { name: 'Feedback on donor D-42' });
    expect(within(group).getByRole('button', { name: 'No' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(group).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'updateclientfeedback')?.body).toEqual({
        shortlist_id: 7,
        donor_id: 42,
        feedback: 'yes',
      }),
    );
  });

  it('ignores a feedback parameter that is no portfolio id', async () => {
    const { requests } = page('/donordetails/42/0/1', {
      me: ok(manager),
      'getdonordetails/42': ok(details()),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ava' })).toBeTruthy();
    expect(requests.some((r) => r.name.startsWith('getshortlistdonors'))).toBe(false);
    expect(screen.queryByRole('link', { name: /Back to portfolio/ })).toBeNull();
  });

  it('lets a client request more details, and only with a message', async () => {
    const { requests } = page('/donordetails/42', {
      me: ok(client),
      'donorviews/42': ok({ counted: true }),
      'getdonordetails/42': ok(details()),
      requestdonordetailsaccess: ok({ id: 1 }, MSG.DETAILS_ACCESS_REQUESTED),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Request more details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request more details' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText(MSG.QUERY_EMPTY)).toBeTruthy();
    expect(requests.some((r) => r.name === 'requestdonordetailsaccess')).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Your question or message/ }), {
      target: { value: 'Her first name?' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'requestdonordetailsaccess')?.body).toEqual({
        donorId: 42,
        displayId: 'D-42',
        query: 'Her first name?',
        query_flag: 1,
      }),
    );
  });

  it("shows staff the parent's contact details in the match panels", async () => {
    const { requests } = page('/donordetails/42', {
      me: ok(manager),
      'getdonordetails/42': ok(
        details({
          matchPanels: {
            active: [
              {
                matchId: 9,
                parentId: 10,
                parentName: 'Jordan Parent',
                queueType: 'Fresh',
                queuePosition: null,
              },
            ],
            queued: [],
          },
        }),
      ),
      'fetchcurrentmatchcontacts/42': ok([
        {
          matchId: 9,
          parentId: 10,
          parentName: 'Jordan Parent',
          status: 'Active',
          email: 'jordan@example.test',
          countryCode: '+1',
          contactNo: '5551234',
        },
      ]),
    });
    const mail = await screen.findByRole('link', { name: 'jordan@example.test' });
    expect(mail.getAttribute('href')).toBe('mailto:jordan@example.test');
    expect(screen.getByText('+1 5551234')).toBeTruthy();
    expect(requests.filter((r) => r.name === 'fetchcurrentmatchcontacts/42')).toHaveLength(1);
  });

  it('asks for no contacts when the donor has no current matches', async () => {
    const { requests } = page('/donordetails/42', {
      me: ok(manager),
      'getdonordetails/42': ok(details({ matchPanels: { active: [], queued: [] } })),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ava' })).toBeTruthy();
    expect(requests.some((r) => r.name.startsWith('fetchcurrentmatchcontacts'))).toBe(false);
  });

  it('offers staff no details-access request', async () => {
    page('/donordetails/42', { me: ok(manager), 'getdonordetails/42': ok(details()) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ava' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request more details' })).toBeNull();
  });

  it('links staff and clients to the PDF view, not a donor', async () => {
    const first = page('/donordetails/42', { me: ok(manager), 'getdonordetails/42': ok(details()) });
    const link = await screen.findByRole('link', { name: 'Download PDF' });
    expect(link.getAttribute('href')).toBe('/pdfpreview/42/6');
    first.unmount();
    const donor = sessionUser({ userId: 42, role: 2, client: null });
    page('/donordetails/42', { me: ok(donor), 'getdonordetails/42': ok(details()) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ava' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download PDF' })).toBeNull();
  });

  it("links an admin of the donor's center to the donor's audit log, not a case manager", async () => {
    const admin = sessionUser({ userId: 4, username: 'admin@demo.test', role: 7, client: null });
    const first = page('/donordetails/42', { me: ok(admin), 'getdonordetails/42': ok(details()) });
    const link = await screen.findByRole('link', { name: 'Audit log' });
    expect(link.getAttribute('href')).toBe(`/auditlog?donor=${details().displayId}`);
    first.unmount();
    page('/donordetails/42', { me: ok(manager), 'getdonordetails/42': ok(details()) });
    await screen.findByRole('link', { name: 'Download PDF' });
    expect(screen.queryByRole('link', { name: 'Audit log' })).toBeNull();
  });
});

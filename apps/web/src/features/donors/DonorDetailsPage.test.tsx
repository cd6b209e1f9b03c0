import { type DonorDetails, MSG } from '@dm/shared';
import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok, renderPage, type StubRequest, type StubRoutes, sessionUser } from '../../test/render';
import DonorDetailsPage from './DonorDetailsPage';
import { formatNoteDate, tabIndex } from './format';

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
  general: { occupation: 'Nurse' },
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

  it('records a client view, and shows the captcha when the server asks for it', async () => {
    const { requests } = page('/donordetails/42', {
      me: ok(client),
      'donorviews/42': fail(400, MSG.CAPTCHA_REQUIRED, { captchaRequired: true }),
      'getdonordetails/42': ok(details()),
    });
    expect(await screen.findByText(MSG.CAPTCHA_REQUIRED)).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: "I'm not a robot" })).toBeTruthy();
    expect(requests.find((r) => r.name === 'donorviews/42')?.method).toBe('PUT');
    expect(requests.some((r) => r.name === 'getdonordetails/42')).toBe(false);
  });

  it('shows a client the favourite toggle but no notes or share', async () => {
    const { requests } = page('/donordetails/42', {
      me: ok(client),
      'donorviews/42': ok({ counted: true }),
      'getdonordetails/42': ok(details()),
      savefavoritedonor: ok({ added: true }, MSG.FAVORITE_ADDED),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add to favorites' }));
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'savefavoritedonor')?.body).toEqual({ donor_id: 42 }),
    );
    expect(screen.queryByRole('button', { name: 'Share donor' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'New note' })).toBeNull();
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
});

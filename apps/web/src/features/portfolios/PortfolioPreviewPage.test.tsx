import { MSG, type PortfolioDetail, type PortfolioDonor } from '@dm/shared';
import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok, renderPage, type StubRoutes, sessionUser } from '../../test/render';
import PortfolioPreviewPage from './PortfolioPreviewPage';

const donor = (donorId: number, position: number): PortfolioDonor => ({
  donorId,
  displayId: `D-${donorId}`,
  agencyDisplayId: null,
  firstName: null,
  age: 25,
  heightCm: 165,
  eyeColor: 'Blue',
  hairColor: 'Brown',
  availability: 'Available',
  donorType: 'Fresh',
  photoUrl: null,
  position,
  feedback: position === 0 ? 'yes' : null,
  remainingQueue: 3,
  frozenRemainingQueue: 3,
  addedAt: '2026-11-01T10:00:00.000Z',
});

const detail = (canGiveFeedback: boolean): PortfolioDetail => ({
  portfolio: {
    id: 7,
    name: 'For Jordan',
    status: 'Active',
    clientId: 10,
    clientName: 'Jordan Parent',
    managerId: 5,
    createdBy: 5,
    sharedBy: null,
    donorCount: 2,
    updatedAt: '2026-11-01T10:00:00.000Z',
    canEdit: false,
  },
  donors: [donor(101, 0), donor(102, 1)],
  counts: { yes: 1, maybe: 0, no: 0 },
  canGiveFeedback,
  donorLimit: 40,
});

const page = (canGiveFeedback: boolean, api: StubRoutes = {}) =>
  renderPage(
    <ModalsProvider>
      <PortfolioPreviewPage />
    </ModalsProvider>,
    {
      route: '/previewshortlist/7',
      path: '/previewshortlist/:id/:p?',
      api: {
        me: ok(sessionUser({ status: 'Active' })),
        'getshortlistdonors/7/preview/order': ok(detail(canGiveFeedback)),
        checkportfoliofirstview: ok({ firstView: false }),
        getportfoliodonornotes: ok([]),
        ...api,
      },
    },
  );

describe('PortfolioPreviewPage', () => {
  it('shows donor cards in order with feedback buttons and counts for a feedback client', async () => {
    const { requests } = page(true, { updateclientfeedback: ok({ yes: 1, maybe: 1, no: 0 }) });
    const cards = await screen.findAllByRole('article');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['Donor D-101', 'Donor D-102']);
    expect(screen.getByText('Yes: 1')).toBeTruthy();
    const first = within(cards[0]!).getByRole('group', { name: 'Feedback on donor D-101' });
    expect(within(first).getByRole('button', { name: 'Yes' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(cards[1]!).getByRole('button', { name: 'Maybe' }));
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'updateclientfeedback')?.body).toEqual({
        shortlist_id: 7,
        donor_id: 102,
        feedback: 'maybe',
      }),
    );
  });

  it('offers no feedback buttons where the agency does not allow feedback', async () => {
    page(false);
    await screen.findAllByRole('article');
    expect(screen.queryByRole('group', { name: /Feedback on donor/ })).toBeNull();
    expect(screen.getByText('Client feedback: Yes')).toBeTruthy();
  });

  it('refuses a blank comment and sends a real one', async () => {
    const { requests } = page(false, {
      insportfoliodonornote: ok({
        id: 1,
        donorId: 101,
        userId: 10,
        userName: 'Pat Parent',
        note: 'Lovely',
        isOverall: false,
        createdAt: '2026-11-02T10:00:00.000Z',
      }),
      setfavandnotesnotification: ok(null),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Comments on donor D-101' }));
    const dialog = await screen.findByRole('dialog', { name: 'Comments on donor D-101' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add comment' }));
    expect(await within(dialog).findByText(MSG.COMMENT_EMPTY)).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Comment' }), {
      target: { value: 'Lovely' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add comment' }));
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'insportfoliodonornote')?.body).toEqual({
        portfolio: 7,
        notes: 'Lovely',
        donor: 101,
      }),
    );
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'setfavandnotesnotification')?.body).toEqual({
        donor_id: 101,
        type: 'notes',
        message: 'Lovely',
      }),
    );
  });

  it('shows the add in progress, keeps the text read-only until it is stored, and adds it once', async () => {
    // The add answers only when the test says so.
    let release = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { requests } = page(false, {
      insportfoliodonornote: async () => {
        await answered;
        return ok({
          id: 1,
          donorId: 101,
          userId: 10,
          userName: 'Pat Parent',
          note: 'Lovely',
          isOverall: false,
          createdAt: '2026-11-02T10:00:00.000Z',
        });
      },
      setfavandnotesnotification: ok(null),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Comments on donor D-101' }));
    const dialog = await screen.findByRole('dialog', { name: 'Comments on donor D-101' });
    const text = within(dialog).getByRole('textbox', { name: 'Comment' }) as HTMLTextAreaElement;
    fireEvent.change(text, { target: { value: 'Lovely' } });
    const add = within(dialog).getByRole('button', { name: 'Add comment' });
    fireEvent.click(add);
    await waitFor(() => expect(add.hasAttribute('data-loading')).toBe(true));
    expect(text.readOnly).toBe(true);
    expect(text.value).toBe('Lovely');
    // A second submit while the first is on its way sends nothing more.
    fireEvent.submit(text.closest('form')!);
    // Leaving meanwhile asks; its Save waits for the add on its way instead of adding again.
    fireEvent.click(screen.getByRole('link', { name: 'View profile of donor D-102' }));
    const ask = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Save' }));
    // Closing meanwhile offers nothing to save: the dialog closes once the comment is stored.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Comments on donor D-101' })).toBeTruthy();
    release();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Comments on donor D-101' })).toBeNull());
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/donordetails/102/7'));
    expect(requests.filter((r) => r.name === 'insportfoliodonornote')).toHaveLength(1);
  });

  it('keeps the comment when the add fails, editable again', async () => {
    page(false, { insportfoliodonornote: fail(500, 'The comment could not be saved.') });
    fireEvent.click(await screen.findByRole('button', { name: 'Comments on donor D-101' }));
    const dialog = await screen.findByRole('dialog', { name: 'Comments on donor D-101' });
    const text = within(dialog).getByRole('textbox', { name: 'Comment' }) as HTMLTextAreaElement;
    fireEvent.change(text, { target: { value: 'Lovely' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add comment' }));
    expect(await within(dialog).findByText('The comment could not be saved.')).toBeTruthy();
    expect(text.value).toBe('Lovely');
    expect(text.readOnly).toBe(false);
    expect(within(dialog).getByRole('button', { name: 'Add comment' }).hasAttribute('data-loading')).toBe(
      false,
    );
  });

  it('links a card to donor details with the portfolio as the feedback parameter', async () => {
    page(true);
    const link = await screen.findByRole('link', { name: 'View profile of donor D-102' });
    expect(link.getAttribute('href')).toBe('/donordetails/102/7');
  });

  it('asks before closing the comments dialog with a typed comment, and discards on request', async () => {
    const { requests } = page(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Comments on donor D-101' }));
    const dialog = await screen.findByRole('dialog', { name: 'Comments on donor D-101' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Comment' }), {
      target: { value: 'Half a thought' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    const ask = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(within(ask).getByText(MSG.UNSAVED_CHANGES)).toBeTruthy();
    fireEvent.click(within(ask).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Comments on donor D-101' })).toBeNull());
    expect(requests.some((r) => r.name === 'insportfoliodonornote')).toBe(false);
  });

  it('submits after confirmation', async () => {
    const { requests } = page(true, { 'updateshortliststatus/7': ok({ status: 'Submitted' }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Submit portfolio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit portfolio' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'updateshortliststatus/7')?.body).toEqual({
        status: 'Submitted',
      }),
    );
  });

  it('goes to /noportfolio/1 when the case manager changed the status', async () => {
    page(true, {
      'getshortlistdonors/7/preview/order': fail(409, MSG.STATUS_CHANGED_BY_MANAGER, {
        status: 'Upcoming',
        redirect: '/noportfolio/1',
      }),
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/noportfolio/1'));
  });
});

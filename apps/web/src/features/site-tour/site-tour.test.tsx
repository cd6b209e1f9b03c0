import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderPage, sessionUser } from '../../test/render';
import { SiteTourOffer } from './SiteTourOffer';
import SiteTourPage from './SiteTourPage';

const base = sessionUser({ status: 'Pre-Active' });
const consumer = {
  ...base,
  center: { ...base.center, payments: true, preActiveAccess: true, appTitle: 'Direct' },
};
const seen = (outcome: string) => ok({ seen: true, outcome });

describe('SiteTourPage', () => {
  it('walks the steps with the buttons and the arrow keys, the focus on each step, and records the finish', async () => {
    const { requests } = renderPage(<SiteTourPage />, {
      api: { me: ok(consumer), sitetourseen: seen('finished') },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Site tour' });
    expect(within(dialog).getByText('Step 1 of 9')).toBeTruthy();
    expect(await within(dialog).findByRole('heading', { name: 'Welcome to Direct' })).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Back' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    const search = within(dialog).getByRole('heading', { name: 'Search donors' });
    expect(within(dialog).getByText('Step 2 of 9')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(search));
    // The step counter describes the heading that takes the focus.
    expect(document.getElementById(search.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Step 2 of 9',
    );

    fireEvent.keyDown(search, { key: 'ArrowRight' });
    expect(within(dialog).getByRole('heading', { name: 'Favorites' })).toBeTruthy();
    fireEvent.keyDown(search, { key: 'ArrowLeft' });
    expect(within(dialog).getByText('Step 2 of 9')).toBeTruthy();
    for (let i = 2; i < 9; i++) fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByRole('heading', { name: 'Learn and get help' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Next' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Finish' }));

    await screen.findByText('You have finished the tour. You can take it again at any time.');
    expect(requests.find((r) => r.name === 'sitetourseen')?.body).toEqual({ outcome: 'finished' });
    expect(screen.getByRole('button', { name: 'Take the tour again' })).toBeTruthy();
  });

  it('records a skip', async () => {
    const { requests } = renderPage(<SiteTourPage />, {
      api: { me: ok(consumer), sitetourseen: seen('skipped') },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Site tour' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Skip tour' }));
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'sitetourseen')?.body).toEqual({ outcome: 'skipped' }),
    );
  });
});

describe('SiteTourOffer', () => {
  it('offers the tour to a consumer client who has not seen it, and takes "No thanks" as a skip', async () => {
    const { requests } = renderPage(<SiteTourOffer page="search" />, {
      api: {
        me: ok(consumer),
        sitetourstatus: ok({ seen: false, outcome: null }),
        sitetourseen: seen('skipped'),
      },
    });
    const offer = await screen.findByRole('region', { name: 'New here? Take the site tour' });
    fireEvent.click(within(offer).getByRole('button', { name: 'No thanks' }));
    await waitFor(() => expect(screen.queryByRole('region')).toBeNull());
    expect(requests.find((r) => r.name === 'sitetourseen')?.body).toEqual({ outcome: 'skipped' });
  });

  it('opens the tour from the offer and records the finish', async () => {
    const { requests } = renderPage(<SiteTourOffer page="search" />, {
      api: {
        me: ok(consumer),
        sitetourstatus: ok({ seen: false, outcome: null }),
        sitetourseen: seen('finished'),
      },
    });
    const offer = await screen.findByRole('region', { name: 'New here? Take the site tour' });
    fireEvent.click(within(offer).getByRole('button', { name: 'Start the tour' }));
    const dialog = await screen.findByRole('dialog', { name: 'Site tour' });
    for (let i = 1; i < 9; i++) fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Finish' }));
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'sitetourseen')?.body).toEqual({ outcome: 'finished' }),
    );
  });

  it('stays away once seen, and asks nothing of clients of other agencies', async () => {
    renderPage(<SiteTourOffer page="search" />, {
      api: { me: ok(consumer), sitetourstatus: seen('skipped') },
    });
    await screen.findByText((_, el) => el?.tagName === 'OUTPUT');
    await waitFor(() => expect(screen.queryByRole('region')).toBeNull());

    const { requests } = renderPage(<SiteTourOffer page="search" />, { api: { me: ok(sessionUser()) } });
    await waitFor(() => expect(requests.some((r) => r.name === 'me')).toBe(true));
    expect(requests.some((r) => r.name === 'sitetourstatus')).toBe(false);
  });
});

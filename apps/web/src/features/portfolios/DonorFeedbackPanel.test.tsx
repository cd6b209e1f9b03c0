import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderPage, sessionUser } from '../../test/render';
import { DonorFeedbackPanel } from './DonorFeedbackPanel';

const entry = {
  portfolioId: 5,
  portfolioName: 'Smith family',
  clientName: 'Jordan Parent133',
  feedback: 'maybe' as const,
  feedbackAt: '2026-11-20T10:00:00.000Z',
};

describe('DonorFeedbackPanel', () => {
  it("shows a case manager each portfolio's feedback with the client, linking to the portfolio", async () => {
    renderPage(<DonorFeedbackPanel donorId={42} />, {
      api: {
        me: ok(sessionUser({ userId: 3, role: 6, client: null })),
        'getdonorfeedback/42': ok([entry]),
      },
    });
    const table = await screen.findByRole('table', { name: 'Portfolio feedback' });
    const row = within(table).getByRole('row', { name: /Smith family/ });
    expect(within(row).getByText('Jordan Parent133')).toBeTruthy();
    expect(within(row).getByText('Maybe')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Smith family' }).getAttribute('href')).toBe(
      '/previewshortlist/5',
    );
  });

  it('shows nothing without feedback, and never asks for a donor', async () => {
    const { requests, container } = renderPage(<DonorFeedbackPanel donorId={42} />, {
      api: { me: ok(sessionUser({ userId: 2, role: 2, client: null })), 'getdonorfeedback/42': ok([entry]) },
    });
    await waitFor(() => expect(requests.some((r) => r.name === 'me')).toBe(true));
    expect(requests.some((r) => r.name === 'getdonorfeedback/42')).toBe(false);
    expect(container.querySelector('section')).toBeNull();
  });
});

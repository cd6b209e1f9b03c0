import { MSG } from '@dm/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, renderPage, sessionUser } from '../../test/render';
import { TermsDialog } from './TermsDialog';

/** happy-dom has no layout: give the terms box a size so that it scrolls. */
function layOut(element: HTMLElement, size: { client: number; scroll: number }) {
  Object.defineProperty(element, 'clientHeight', { configurable: true, value: size.client });
  Object.defineProperty(element, 'scrollHeight', { configurable: true, value: size.scroll });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('TermsDialog', () => {
  it('refuses to accept before the text is scrolled to its end', async () => {
    const onAccepted = vi.fn();
    const { requests } = renderPage(<TermsDialog opened onAccepted={onAccepted} />, {
      api: {
        me: ok(sessionUser({ eulaAccepted: false, eulaAcceptedAt: null })),
        terms: ok({ body: 'Terms and Conditions\n\nA long text.', publishedAt: '2026-01-01T00:00:00.000Z' }),
        accepteula: ok({ affectedRows: 1, eulaAcceptedAt: '2026-03-01T00:00:00.000Z' }),
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
    const text = await within(dialog).findByTestId('terms-text');
    expect(text.getAttribute('tabindex')).toBe('0');
    expect(text.getAttribute('aria-label')).toBeTruthy();
    layOut(text, { client: 100, scroll: 1000 });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MSG.SCROLL_TERMS);
    expect(requests.some((r) => r.name === 'accepteula')).toBe(false);
    expect(onAccepted).not.toHaveBeenCalled();

    // Half way is not the end.
    text.scrollTop = 450;
    fireEvent.scroll(text);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(requests.some((r) => r.name === 'accepteula')).toBe(false);

    text.scrollTop = 900;
    fireEvent.scroll(text);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(onAccepted).toHaveBeenCalledTimes(1));
    // A state change, so a POST: a GET could be made by any cross-site link.
    expect(requests.filter((r) => r.name === 'accepteula').map((r) => r.method)).toEqual(['POST']);
    // The session is read again, so the app knows the terms are accepted.
    expect(requests.filter((r) => r.name === 'me').length).toBeGreaterThanOrEqual(2);
  });

  it('cannot be closed with Escape; it offers to log out instead', async () => {
    renderPage(<TermsDialog opened onAccepted={() => {}} />, {
      api: { terms: ok({ body: 'Terms', publishedAt: '2026-01-01T00:00:00.000Z' }) },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Terms and Conditions' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Log out' })).toBeTruthy();
  });
});

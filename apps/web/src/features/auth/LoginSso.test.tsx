import { type LoginSuccess, PARTNER_MSG, ROLE } from '@dm/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureSsoToken, takeSsoToken } from '../../lib/sso';
import { fail, ok, renderPage, sessionUser } from '../../test/render';
import LoginPage from './LoginPage';

const LOGIN_PATH = '/login/:username?';
const TOKEN = 'eyJhbGciOiJFUzI1NiJ9.eyJpc3MiOiJ4In0.c2lnbmF0dXJl';

const success = (): LoginSuccess => ({
  outcome: 'success',
  user: sessionUser({ role: ROLE.MANAGER, eulaAccepted: true, eulaAcceptedAt: '2030-01-01T00:00:00.000Z' }),
  destination: '/',
});

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('the partner token in the address (lib/sso.ts)', () => {
  it('is stored and taken out of the hash route or the query string, then read once', () => {
    window.history.replaceState(null, '', `/?x=1#/login?sso_token=${TOKEN}&next=2`);
    captureSsoToken();
    expect(window.location.href).not.toContain(TOKEN);
    expect(window.location.hash).toBe('#/login?next=2');
    expect(window.location.search).toBe('?x=1');
    expect(takeSsoToken()).toBe(TOKEN);
    expect(takeSsoToken()).toBeNull();

    window.history.replaceState(null, '', `/?sso_token=${TOKEN}`);
    captureSsoToken();
    expect(window.location.href).not.toContain(TOKEN);
    expect(window.location.hash).toBe('#/login');
    expect(takeSsoToken()).toBe(TOKEN);
  });

  it('leaves an address without a token alone', () => {
    window.history.replaceState(null, '', '/#/search');
    captureSsoToken();
    expect(window.location.hash).toBe('#/search');
    expect(takeSsoToken()).toBeNull();
  });
});

describe('LoginPage with a partner token', () => {
  it('signs in with the stored token once and goes to the destination', async () => {
    sessionStorage.setItem('dm.ssoToken', TOKEN);
    const { requests } = renderPage(<LoginPage />, {
      route: '/login',
      path: LOGIN_PATH,
      api: { tokensignin: ok(success()) },
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(requests.filter((r) => r.name === 'tokensignin').map((r) => r.body)).toEqual([
      { form: 'login', token: TOKEN },
    ]);
    expect(sessionStorage.getItem('dm.ssoToken')).toBeNull();
  });

  it('shows the refusal and stays on the form', async () => {
    sessionStorage.setItem('dm.ssoToken', TOKEN);
    renderPage(<LoginPage />, {
      route: '/login',
      path: LOGIN_PATH,
      api: { tokensignin: fail(401, PARTNER_MSG.SSO_FAILED) },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(PARTNER_MSG.SSO_FAILED);
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });

  it('sends a partner-only user to the login page the server names, and nowhere else', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const partner = { outcome: 'redirectPartnerLogin', url: 'https://partner.test/login' };
    renderPage(<LoginPage />, { route: '/login', path: LOGIN_PATH, api: { authenticate: ok(partner) } });
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'a@demo.test' } });
    fireEvent.change(screen.getByLabelText('Password', { exact: true }), { target: { value: 'Right!2345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://partner.test/login'));
  });

  it('refuses a partner address that is not http(s)', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const partner = { outcome: 'redirectPartnerLogin', url: 'javascript:alert(1)' };
    renderPage(<LoginPage />, { route: '/login', path: LOGIN_PATH, api: { authenticate: ok(partner) } });
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'a@demo.test' } });
    fireEvent.change(screen.getByLabelText('Password', { exact: true }), { target: { value: 'Right!2345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe(PARTNER_MSG.PARTNER_LOGIN);
    expect(assign).not.toHaveBeenCalled();
  });
});

import { type LoginSuccess, MSG } from '@dm/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok, renderPage, sessionUser } from '../../test/render';
import LoginPage from './LoginPage';

const LOGIN_PATH = '/login/:username?';

function fillAndSubmit(username: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email address'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password', { exact: true }), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
}

function success(
  overrides: Parameters<typeof sessionUser>[0] = {},
  destination = '/viewclient',
): LoginSuccess {
  return {
    outcome: 'success',
    user: sessionUser({ role: 7, ...overrides }),
    destination,
  };
}

describe('LoginPage', () => {
  it('names the missing fields without asking the server', async () => {
    const { requests } = renderPage(<LoginPage />, { route: '/login', path: LOGIN_PATH });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(MSG.LOGIN_REQUIRED.trim());
    expect(screen.getByLabelText('Email address').getAttribute('aria-invalid')).toBe('true');
    expect(requests.some((r) => r.name === 'authenticate')).toBe(false);
  });

  it("prefills the username from the route and shows the server's error", async () => {
    const { requests } = renderPage(<LoginPage />, {
      route: '/login/someone%40demo.test',
      path: LOGIN_PATH,
      api: { authenticate: fail(400, MSG.LOGIN_FAILED, { outcome: 'failed', captchaRequired: false }) },
    });
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('someone@demo.test');
    fireEvent.change(screen.getByLabelText('Password', { exact: true }), { target: { value: 'Wrong!2345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(MSG.LOGIN_FAILED)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(MSG.LOGIN_FAILED);
    expect(requests.find((r) => r.name === 'authenticate')?.body).toEqual({
      username: 'someone@demo.test',
      password: 'Wrong!2345',
    });
    expect(screen.queryByRole('checkbox', { name: /not a robot/i })).toBeNull();
  });

  it('lets an archived client ask her agency to reactivate her', async () => {
    const { requests } = renderPage(<LoginPage />, {
      route: '/login',
      path: LOGIN_PATH,
      api: {
        authenticate: fail(403, MSG.ARCHIVED_CLIENT, { outcome: 'archivedClient' }),
        sendarchivedclientnotification: ok(null, MSG.ARCHIVED_NOTIFICATION_SENT),
      },
    });
    fillAndSubmit('Archived@demo.test', 'Right!2345');
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.ARCHIVED_CLIENT);
    fireEvent.click(screen.getByRole('button', { name: 'Ask my agency to reactivate my account' }));
    expect(await screen.findByText(MSG.ARCHIVED_NOTIFICATION_SENT)).toBeTruthy();
    expect(requests.find((r) => r.name === 'sendarchivedclientnotification')?.body).toEqual({
      username: 'Archived@demo.test',
    });
  });

  it('offers no reactivation request after an ordinary failure', async () => {
    renderPage(<LoginPage />, {
      route: '/login',
      path: LOGIN_PATH,
      api: { authenticate: fail(400, MSG.LOGIN_FAILED, { outcome: 'failed', captchaRequired: false }) },
    });
    fillAndSubmit('someone@demo.test', 'Wrong!2345');
    await screen.findByRole('alert');
    expect(screen.queryByRole('button', { name: /reactivate/ })).toBeNull();
  });

  it('shows the captcha when the server asks, and retries the login with the solution', async () => {
    let calls = 0;
    const { requests } = renderPage(<LoginPage />, {
      route: '/login',
      path: LOGIN_PATH,
      api: {
        authenticate: () =>
          ++calls === 1
            ? fail(400, MSG.CAPTCHA_REQUIRED, { outcome: 'showCaptcha' })
            : ok(success(), MSG.LOGIN_SUCCESS),
      },
    });
    fillAndSubmit('admin@demo.test', 'Demo!2345');
    const captcha = await screen.findByRole('checkbox', { name: /not a robot/i });
    expect(screen.getByRole('alert').textContent).toBe(MSG.CAPTCHA_REQUIRED);

    // The proof of work itself runs in web workers in a browser; here the widget hands over a payload.
    const widget = document.querySelector('altcha-widget') as HTMLElement & {
      challenge: string;
    };
    // React sets the defined element's properties, not attributes.
    expect(widget.challenge).toBe('/api/captcha/challenge');
    Object.defineProperty(widget, 'verify', { value: async () => ({ payload: 'solved-payload' }) });
    fireEvent.click(captcha);

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/viewclient'));
    const logins = requests.filter((r) => r.name === 'authenticate');
    expect(logins).toHaveLength(2);
    expect(logins[1]?.body).toEqual({
      username: 'admin@demo.test',
      password: 'Demo!2345',
      captcha: 'solved-payload',
    });
  });

  it('shows the captcha after the third failure', async () => {
    renderPage(<LoginPage />, {
      route: '/login',
      path: LOGIN_PATH,
      api: { authenticate: fail(400, MSG.LOGIN_FAILED, { outcome: 'failed', captchaRequired: false }) },
    });
    for (let attempt = 1; attempt <= 3; attempt++) {
      fillAndSubmit('admin@demo.test', `Wrong!${attempt}234`);
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Login' }).getAttribute('data-loading')).toBeNull(),
      );
      await screen.findByText(MSG.LOGIN_FAILED);
      const shown = screen.queryByRole('checkbox', { name: /not a robot/i }) !== null;
      expect(shown).toBe(attempt === 3);
    }
  });

  it('goes to the saved attempted URL after a successful login', async () => {
    sessionStorage.setItem('dm.attemptedUrl', '/emailtemplate');
    renderPage(<LoginPage />, {
      route: '/login',
      path: LOGIN_PATH,
      api: { authenticate: ok(success(), MSG.LOGIN_SUCCESS) },
    });
    fillAndSubmit('admin@demo.test', 'Demo!2345');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/emailtemplate'));
  });

  it('shows the terms first when they must be accepted, then goes to the destination', async () => {
    const pending = { eulaAccepted: false, eulaAcceptedAt: null, role: 9 as const };
    let accepted = false;
    renderPage(<LoginPage />, {
      route: '/login',
      path: LOGIN_PATH,
      api: {
        authenticate: ok(success(pending, '/noportfolio/1'), MSG.LOGIN_SUCCESS),
        terms: ok({ body: 'Short terms.', publishedAt: '2026-01-01T00:00:00.000Z' }),
        accepteula: () => {
          accepted = true;
          return ok({ affectedRows: 1, eulaAcceptedAt: '2026-03-01T00:00:00.000Z' });
        },
        me: () => (accepted ? ok(sessionUser()) : ok(sessionUser(pending))),
      },
    });
    fillAndSubmit('parent@demo.test', 'Demo!2345');
    const dialog = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
    expect(screen.getByTestId('location').textContent).toBe('/login');
    // The text fits (happy-dom has no layout), so it counts as read.
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/noportfolio/1'));
    expect(accepted).toBe(true);
  });

  it('opens the forgot-password dialog with the typed e-mail and shows the confirmation', async () => {
    const { requests } = renderPage(<LoginPage />, {
      route: '/login',
      path: LOGIN_PATH,
      api: { resetpassword: ok(null, MSG.RESET_SENT) },
    });
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'Parent@Demo.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Forgot password' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send reset link' }));
    expect(await within(dialog).findByText(MSG.RESET_SENT)).toBeTruthy();
    expect(requests.find((r) => r.name === 'resetpassword')?.body).toEqual({ username: 'parent@demo.test' });
  });
});

import { MSG } from '@dm/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fail, ok, renderPage } from '../../test/render';
import LoginPage from './LoginPage';
import ResetPage from './ResetPage';
import SignupPage from './SignupPage';

// The reset e-mail links to #/reset/{e-mail}?token={token} (auth.service requestPasswordReset).
const TOKEN = 'a'.repeat(43);

function AuthRoutes() {
  return (
    <Routes>
      <Route path="/reset/:user?" element={<ResetPage />} />
      <Route path="/signup/:token" element={<SignupPage />} />
      <Route path="/login/:username?" element={<LoginPage />} />
    </Routes>
  );
}

describe('ResetPage', () => {
  it('sets the new password for the e-mail and token of the link, then offers the login', async () => {
    const { requests } = renderPage(<AuthRoutes />, {
      route: `/reset/parent%40demo.test?token=${TOKEN}`,
      api: { updatepassword: ok(null, MSG.PASSWORD_UPDATED) },
    });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'Strong!2345' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'Strong!2346' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText(MSG.PASSWORD_MISMATCH)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'Strong!2345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update password' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login/parent%40demo.test'));
    expect(requests.find((r) => r.name === 'updatepassword')?.body).toEqual({
      email: 'parent@demo.test',
      passtoken: TOKEN,
      password: 'Strong!2345',
      cpassword: 'Strong!2345',
    });
    expect(screen.getByText(MSG.PASSWORD_UPDATED)).toBeTruthy();
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('parent@demo.test');
  });

  it('says the link is invalid without a token', () => {
    renderPage(<AuthRoutes />, { route: '/reset/parent%40demo.test' });
    expect(screen.getByRole('alert').textContent).toBe(MSG.INVALID_LINK);
    expect(screen.getByRole('link', { name: 'Go to login' })).toBeTruthy();
  });
});

describe('SignupPage', () => {
  it('says an expired invitation is an invalid link', async () => {
    renderPage(<AuthRoutes />, {
      route: `/signup/${TOKEN}`,
      api: { getusersignupdetails: fail(400, MSG.INVALID_LINK) },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.INVALID_LINK);
  });

  it('prefills the invitation and sends the new password, then goes to the login', async () => {
    const { requests } = renderPage(<AuthRoutes />, {
      route: `/signup/${TOKEN}`,
      api: {
        getusersignupdetails: ok({
          username: 'invited@demo.test',
          firstname: 'Ivy',
          middlename: '',
          lastname: 'Invited',
          contactno: '5551234567',
          userType: 9,
          agencyName: 'Test Agency',
        }),
        signuptokenauth: ok({ redirectUrl: '/login/invited%40demo.test' }, MSG.PASSWORD_UPDATED),
      },
    });
    const email = (await screen.findByLabelText('Email address')) as HTMLInputElement;
    expect(email.value).toBe('invited@demo.test');
    expect(email.readOnly).toBe(true);
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Ivy');
    expect((screen.getByLabelText('Contact number') as HTMLInputElement).value).toBe('(555) 123-4567');
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Strong!2345' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'Strong!2345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/login/invited%40demo.test'),
    );
    expect(requests.find((r) => r.name === 'signuptokenauth')?.body).toMatchObject({
      token: TOKEN,
      firstname: 'Ivy',
      lastname: 'Invited',
      password: 'Strong!2345',
    });
    expect(screen.getByText(MSG.PASSWORD_UPDATED)).toBeTruthy();
  });
});

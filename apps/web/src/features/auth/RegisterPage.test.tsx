import { type LoginSuccess, MSG } from '@dm/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok, renderPage, sessionUser } from '../../test/render';
import RegisterPage from './RegisterPage';

const REGISTER_PATH = '/userregister/:usertype/:referrer?';
const COUNTRIES = [
  { isoCode: 'CA', name: 'Canada', phoneCode: '1' },
  { isoCode: 'IN', name: 'India', phoneCode: '91' },
  { isoCode: 'US', name: 'United States', phoneCode: '1' },
];

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillValid() {
  type('First name', 'Sam');
  type('Last name', 'Signup');
  type('Email address', ' Sam.Signup@Example.test ');
  type('Password', 'Strong!2345');
  type('Confirm password', 'Strong!2345');
}

describe('RegisterPage', () => {
  it('shows the password rule under the password for a weak password, and does not send', async () => {
    const { requests } = renderPage(<RegisterPage />, {
      route: '/userregister/9',
      path: REGISTER_PATH,
      api: { getallcountries: ok(COUNTRIES) },
    });
    fillValid();
    type('Password', 'weakpass');
    type('Confirm password', 'weakpass');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    const rule = await screen.findByText(MSG.PASSWORD_RULE);
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-describedby')).toContain(rule.id);
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(requests.some((r) => r.name === 'userregistration')).toBe(false);
  });

  it('keeps the contact number to 10 digits and shows it as (123) 456-7890', () => {
    renderPage(<RegisterPage />, { route: '/userregister/2', path: REGISTER_PATH });
    const contact = screen.getByLabelText('Contact number') as HTMLInputElement;
    fireEvent.change(contact, { target: { value: '12a3-456 7890123' } });
    expect(contact.value).toBe('(123) 456-7890');
    fireEvent.change(contact, { target: { value: '(123) 45' } });
    expect(contact.value).toBe('(123) 45');
  });

  it('defaults the country to the United States and registers a donor through the schema', async () => {
    const answer: LoginSuccess = {
      outcome: 'success',
      user: sessionUser({ role: 2, eulaAccepted: false, eulaAcceptedAt: null }),
      destination: '/preform',
    };
    const { requests } = renderPage(<RegisterPage />, {
      route: '/userregister/2',
      path: REGISTER_PATH,
      api: {
        getallcountries: ok(COUNTRIES),
        userregistration: ok(answer, MSG.USER_REGISTERED),
        terms: ok({ body: 'Short terms.', publishedAt: '2026-01-01T00:00:00.000Z' }),
      },
    });
    expect((screen.getByRole('combobox', { name: 'Country' }) as HTMLInputElement).value).toBe(
      'United States',
    );
    fillValid();
    type('Contact number', '5551234567');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByRole('dialog', { name: 'Terms and Conditions' });
    expect(requests.find((r) => r.name === 'userregistration')?.body).toEqual({
      userType: 2,
      username: 'sam.signup@example.test',
      firstname: 'Sam',
      middlename: '',
      lastname: 'Signup',
      contactno: '5551234567',
      countryCode: '+1',
      country: 'United States',
      password: 'Strong!2345',
      password_c: 'Strong!2345',
      receive_text_notification: false,
    });
  });

  it('offers text notifications when the agency sends texts: no number, then code, verify, register', async () => {
    const answer: LoginSuccess = {
      outcome: 'success',
      user: sessionUser({ role: 9, eulaAccepted: false, eulaAcceptedAt: null }),
      destination: '/notpaid',
    };
    const { requests } = renderPage(<RegisterPage />, {
      route: '/userregister/9',
      path: REGISTER_PATH,
      api: {
        getallcountries: ok(COUNTRIES),
        'checktextmessagesvisibility/1': ok([{ receive_text_messages: true }]),
        sendotpcontact: ok({ resendAfterSeconds: 30, expiresInSeconds: 600 }, MSG.OTP_SENT),
        verifycontact: ok(null, MSG.OTP_VERIFIED),
        userregistration: ok(answer, MSG.USER_REGISTERED),
        terms: ok({ body: 'Short terms.', publishedAt: '2026-01-01T00:00:00.000Z' }),
      },
    });
    fillValid();
    const choice = await screen.findByRole('checkbox', { name: /Receive text notifications/ });
    fireEvent.click(choice);
    // Without a number: the spec's message, and the choice goes back off.
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(MSG.FILL_CONTACT_NUMBER)).toBeTruthy();
    expect((choice as HTMLInputElement).checked).toBe(false);
    expect(requests.some((r) => r.name === 'sendotpcontact')).toBe(false);

    type('Contact number', '5551234567');
    fireEvent.click(choice);
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(MSG.OTP_SENT)).toBeTruthy();
    expect(requests.find((r) => r.name === 'sendotpcontact')?.body).toEqual({
      contactno: '5551234567',
      country_code: '+1',
      center_id: 1,
    });
    expect((screen.getByRole('button', { name: 'Resend code' }) as HTMLButtonElement).disabled).toBe(true);
    // Registering without the code is refused on the form.
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(MSG.ENTER_VERIFICATION_CODE)).toBeTruthy();
    type('Verification code', '12a3456');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByRole('dialog', { name: 'Terms and Conditions' });
    expect(requests.find((r) => r.name === 'verifycontact')?.body).toEqual({
      contactno: '5551234567',
      country_code: '+1',
      otp: '123456',
    });
    expect(requests.find((r) => r.name === 'userregistration')?.body).toMatchObject({
      receive_text_notification: true,
      otp: '123456',
    });
  });

  it('shows the refusal of a wrong code and does not register', async () => {
    const { requests } = renderPage(<RegisterPage />, {
      route: '/userregister/9',
      path: REGISTER_PATH,
      api: {
        'checktextmessagesvisibility/1': ok([{ receive_text_messages: true }]),
        verifycontact: fail(400, MSG.OTP_INVALID),
      },
    });
    fillValid();
    type('Contact number', '5551234567');
    fireEvent.click(await screen.findByRole('checkbox', { name: /Receive text notifications/ }));
    type('Verification code', '000000');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.OTP_INVALID);
    expect(requests.some((r) => r.name === 'userregistration')).toBe(false);
  });

  it('leaves the step out when the agency does not send texts', async () => {
    const { requests } = renderPage(<RegisterPage />, {
      route: '/userregister/9',
      path: REGISTER_PATH,
      api: { 'checktextmessagesvisibility/1': ok([{ receive_text_messages: false }]) },
    });
    await waitFor(() => expect(requests.some((r) => r.name === 'checktextmessagesvisibility/1')).toBe(true));
    expect(screen.queryByRole('checkbox', { name: /Receive text notifications/ })).toBeNull();
  });

  it("uses the referrer route and shows the server's refusal", async () => {
    const { requests } = renderPage(<RegisterPage />, {
      route: '/userregister/9/partner-site',
      path: REGISTER_PATH,
      api: { updateduserregistration: fail(400, MSG.USERNAME_EXISTS) },
    });
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.USERNAME_EXISTS);
    expect(requests.find((r) => r.name === 'updateduserregistration')?.body).toMatchObject({
      userType: 9,
      referrer: 'partner-site',
    });
  });

  it('sends any other user type to the login', async () => {
    renderPage(<RegisterPage />, { route: '/userregister/7', path: REGISTER_PATH });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
  });
});

import { MSG, PROFILE_MSG, type ProfileView, type RoleId } from '@dm/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok, renderPage, type StubRequest, sessionUser } from '../../test/render';
import { userRow } from '../../test/rows';
import { usersPage } from '../../test/users';
import ViewClientPage from '../users/UsersPage';
import { MyAccountTab } from './MyAccountTab';
import VerifyUserPage from './VerifyUserPage';
import ViewProfilePage from './ViewProfilePage';

function profile(over: Partial<ProfileView> = {}): ProfileView {
  return {
    user_id: 10,
    email: 'parent@demo.test',
    role: 9,
    status: 'Active',
    center_id: 1,
    first_name: 'Pat',
    middle_name: '',
    last_name: 'Parent',
    contact_no: '2025550100',
    country_code: '+1',
    mobile_verified_user: true,
    country: 'United States',
    state: 'NY',
    city: 'New York',
    address: '1 Main Street',
    address2: '',
    zipcode: '10001',
    communication_type: 'Email',
    is_email_notification: true,
    is_text_notification: false,
    is_message: true,
    cc_email: '',
    cc_expiry_date: '',
    searching_for: '',
    voicemail: false,
    working_with_clinic: false,
    clinic_detail: '',
    working_with_agency: false,
    sperm_source: '',
    referral_detail: '',
    referral_other: '',
    receive_education_email: false,
    secondary_parent_email: null,
    texts_available: true,
    ...over,
  };
}

const me = (role: RoleId = 9) => ok(sessionUser({ role }));
const saves = (requests: StubRequest[]) => requests.filter((r) => r.name === 'updateprofileuserdetails');

function renderTab(p: ProfileView, extra: Record<string, ReturnType<typeof ok>> = {}) {
  return renderPage(<MyAccountTab />, {
    api: {
      me: me(),
      getuserbyuserid: ok(p),
      updateprofileuserdetails: (r) => ok({ ...p, ...(r.body as object) }, PROFILE_MSG.PROFILE_UPDATED),
      ...extra,
    },
  });
}

describe('MyAccountTab', () => {
  it('marks the mandatory fields and refuses an empty one without asking the server', async () => {
    const { requests } = renderTab(profile());
    const first = await screen.findByLabelText(/First name/);
    expect(first.hasAttribute('required')).toBe(true);
    expect(screen.getByLabelText(/Zip code/).hasAttribute('required')).toBe(true);
    expect(screen.getByLabelText(/Middle name/).hasAttribute('required')).toBe(false);
    fireEvent.change(first, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PROFILE_MSG.MANDATORY)).toBeTruthy();
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(saves(requests)).toHaveLength(0);
  });

  it('refuses a US zip that is not 5 digits', async () => {
    const { requests } = renderTab(profile());
    fireEvent.change(await screen.findByLabelText(/Zip code/), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.INVALID_ZIP)).toBeTruthy();
    expect(saves(requests)).toHaveLength(0);
  });

  it('refuses turning both e-mail and text off with the spec message', async () => {
    const { requests } = renderTab(profile());
    fireEvent.click(await screen.findByRole('checkbox', { name: 'E-mail notifications' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PROFILE_MSG.ONE_OFF_AT_A_TIME)).toBeTruthy();
    expect(saves(requests)).toHaveLength(0);
  });

  it('text needs a verified number; without texts at the agency the choice is disabled', async () => {
    renderTab(profile({ mobile_verified_user: false }));
    fireEvent.click(await screen.findByRole('checkbox', { name: /Text message notifications/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PROFILE_MSG.VERIFY_CONTACT_FIRST)).toBeTruthy();
  });

  it('asks an intended parent about her search, not staff', async () => {
    renderTab(profile());
    expect(await screen.findByLabelText('Searching for')).toBeTruthy();
  });

  it('staff see no search questions', async () => {
    renderTab(profile({ role: 7 }));
    await screen.findByLabelText(/First name/);
    expect(screen.queryByLabelText('Searching for')).toBeNull();
  });

  it('the text choice is disabled where the agency sends no texts', async () => {
    renderTab(profile({ texts_available: false }));
    const text = await screen.findByRole('checkbox', { name: /Text message notifications/ });
    expect((text as HTMLInputElement).disabled).toBe(true);
  });

  it('a CC e-mail needs an expiry date', async () => {
    const { requests } = renderTab(profile());
    fireEvent.change(await screen.findByLabelText(/^CC e-mail$/), { target: { value: 'cc@x.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PROFILE_MSG.CC_EXPIRY_REQUIRED)).toBeTruthy();
    expect(saves(requests)).toHaveLength(0);
  });

  it('turning e-mail off with a CC asks first; confirmed, the CC goes and the save carries it', async () => {
    const { requests } = renderTab(
      profile({ is_text_notification: true, cc_email: 'cc@x.test', cc_expiry_date: '2999-01-01' }),
    );
    fireEvent.click(await screen.findByRole('checkbox', { name: 'E-mail notifications' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(PROFILE_MSG.CC_REMOVE_CONFIRM)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() =>
      expect(
        (screen.getByRole('checkbox', { name: 'E-mail notifications' }) as HTMLInputElement).checked,
      ).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves(requests)).toHaveLength(1));
    expect(saves(requests)[0]!.body).toMatchObject({
      is_email_notification: false,
      is_text_notification: true,
      cc_email: '',
      cc_expiry_date: '',
    });
  });

  it("keeps the server's refusal on screen", async () => {
    renderTab(profile(), { updateprofileuserdetails: fail(400, 'Server says no.') });
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Server says no.');
  });

  it('the contact number dialog asks for the captcha, refuses the same number and an empty code', async () => {
    const { requests } = renderTab(profile(), {
      'profile/sendotpcontact': ok({ resendAfterSeconds: 30, expiresInSeconds: 600 }, MSG.OTP_SENT),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Change contact number' }));
    const dialog = await screen.findByRole('dialog');
    const number = within(dialog).getByLabelText(/New contact number/);
    fireEvent.change(number, { target: { value: '2025550100' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByText(PROFILE_MSG.SAME_CONTACT)).toBeTruthy();
    fireEvent.change(number, { target: { value: '2025550199' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByText(MSG.CAPTCHA_REQUIRED)).toBeTruthy();
    const widget = document.querySelector('altcha-widget') as HTMLElement;
    Object.defineProperty(widget, 'verify', { value: async () => ({ payload: 'solved' }) });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /not a robot/i }));
    await within(dialog).findByText('Verified.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    await within(dialog).findByLabelText(/Verification code/);
    expect(requests.find((r) => r.name === 'profile/sendotpcontact')?.body).toEqual({
      contactno: '2025550199',
      country_code: '+1',
      captcha: 'solved',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText(PROFILE_MSG.ENTER_CODE)).toBeTruthy();
  });
});

describe('ViewProfilePage', () => {
  it("shows a user's profile read-only", async () => {
    const { requests } = renderPage(<ViewProfilePage />, {
      route: '/viewprofile/42',
      path: '/viewprofile/:id?',
      api: { me: me(7), 'getuserbyuserid/42': ok(profile({ user_id: 42, city: 'Albany' })) },
    });
    expect(await screen.findByText('Albany')).toBeTruthy();
    expect(screen.getByText('parent@demo.test')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(requests.some((r) => r.name === 'getuserbyuserid/42')).toBe(true);
  });

  it("shows the server's refusal for another center's user", async () => {
    renderPage(<ViewProfilePage />, {
      route: '/viewprofile/43',
      path: '/viewprofile/:id?',
      api: { me: me(7), 'getuserbyuserid/43': fail(404, MSG.NOT_FOUND) },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.NOT_FOUND);
  });
});

describe('VerifyUserPage', () => {
  const path = '/verifyuser/:token/:newEmail';
  it('sends the link token and goes to the profile', async () => {
    const { requests } = renderPage(<VerifyUserPage />, {
      route: '/verifyuser/tok123/new%40x.test',
      path,
      api: { me: me(), 'verifyverificationcode/': ok(null, PROFILE_MSG.EMAIL_VERIFIED) },
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/editprofile/myaccount'));
    expect(requests.find((r) => r.name === 'verifyverificationcode/')?.body).toEqual({
      newEmail: 'new@x.test',
      verificationCode: 'tok123',
      isUrl: true,
    });
  });

  it('a failure sends staff to /viewclient', async () => {
    renderPage(<VerifyUserPage />, {
      route: '/verifyuser/bad/new%40x.test',
      path,
      api: { me: me(7), 'verifyverificationcode/': fail(400, PROFILE_MSG.EMAIL_NOT_VERIFIED) },
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/viewclient'));
  });
});

describe('users grid', () => {
  it("offers each row's profile (/viewprofile/{id})", async () => {
    renderPage(usersPage(<ViewClientPage />), {
      route: '/viewclient',
      api: {
        me: ok(sessionUser({ userId: 2, username: 'admin@demo.test', role: 7, client: null })),
        getallusers: ok({
          rows: [userRow({ userId: 60, status: 'Active', role: 9, firstName: 'Cam', lastName: 'Client' })],
          count: 1,
        }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions: Cam Client' }));
    const item = await screen.findByRole('menuitem', { name: 'View profile' });
    expect(item.getAttribute('href')).toBe('/viewprofile/60');
  });
});

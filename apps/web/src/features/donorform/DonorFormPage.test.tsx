import { type ChangeSetSummary, type DonorFormStatus, generalTab, MSG } from '@dm/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok, renderPage, type StubRequest, sessionUser } from '../../test/render';
import { donorFormStatus } from '../../test/rows';
import DonorFormPage from './DonorFormPage';
import DonorHomePage from './DonorHomePage';

const PATH = '/donorform/:id?/:page?/:mode?/:version?';
const donor = sessionUser({
  userId: 42,
  username: 'newdonor@demo.test',
  role: 2,
  client: null,
  donor: { preFormStatus: 1, availability: 'Invited', lastTab: null },
});
const admin = sessionUser({ userId: 7, username: 'admin@demo.test', role: 7, client: null });

const status = (over: Partial<DonorFormStatus> = {}): DonorFormStatus => donorFormStatus(over);

const generalData = {
  firstName: 'Nia',
  lastName: 'Newdonor',
  dateOfBirth: '2000-06-15',
  contactNo: '2125550100',
  contactType: 0,
  country: 'United States',
  state: null,
  city: null,
  zipcode: null,
  heightFeet: 5,
  heightInches: 6,
  weightLb: 140,
  referrals: [],
  deliveries: [],
  ipWillingToWork: [],
};

const reference = {
  getallcountries: ok([{ isoCode: 'US', name: 'United States', phoneCode: '1' }]),
  'getallstates/US': ok([{ isoCode: 'NY', name: 'New York' }]),
  'getallcities/NY/US': ok([{ name: 'New York' }]),
};

describe('DonorFormPage', () => {
  it('lands the invited donor on the general tab, with the later tabs closed, and saves the tab', async () => {
    let saved: unknown = null;
    renderPage(<DonorFormPage />, {
      route: '/donorform',
      path: PATH,
      api: {
        me: ok(donor),
        'getdonorformstatus/42': ok(status()),
        getdonorformdetails: ok({ tabName: 'general', data: generalData, status: status(), hasSsn: false }),
        updatedonorformdetails: (r: StubRequest) => {
          saved = r.body;
          return ok({ status: status(), changeVersion: null }, MSG.DONOR_FORM_SAVED);
        },
        ...reference,
      },
    });
    const first = (await screen.findByRole('textbox', { name: /First name/ })) as HTMLInputElement;
    expect(first.value).toBe('Nia');
    expect(
      screen.getByRole('tab', { name: /4\. Characteristics/ }).hasAttribute('disabled') ||
        screen.getByRole('tab', { name: /4\. Characteristics/ }).getAttribute('data-disabled'),
    ).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    fireEvent.change(first, { target: { value: 'Nina' } });
    const state = await screen.findByRole('combobox', { name: /State/ });
    await waitFor(() => expect(within(state).getByRole('option', { name: 'New York' })).toBeTruthy());
    fireEvent.change(state, { target: { value: 'New York' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Google' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).not.toBeNull());
    expect(saved).toMatchObject({
      tabName: 'general',
      userId: 42,
      formData: { firstName: 'Nina', state: 'New York', city: null, referrals: ['Google'], heightFeet: 5 },
    });
  });

  it("asks the fee from the agency's fee options, or Other with an amount (issue 22)", async () => {
    let saved: { formData: Record<string, unknown> } | null = null;
    renderPage(<DonorFormPage />, {
      route: '/donorform',
      path: PATH,
      api: {
        me: ok(donor),
        'getdonorformstatus/42': ok(status()),
        getdonorformdetails: ok({ tabName: 'general', data: generalData, status: status(), hasSsn: false }),
        getfeeoptions: ok({
          centerId: 1,
          isCompensationVisible: true,
          options: [
            { option_id: 1, options: '$8,000', center_id: null, comment: 'First-time donors' },
            { option_id: 2, options: 'Negotiable', center_id: 1, comment: '' },
          ],
        }),
        updatedonorformdetails: (r: StubRequest) => {
          saved = r.body as typeof saved;
          return ok({ status: status(), changeVersion: null }, MSG.DONOR_FORM_SAVED);
        },
        ...reference,
      },
    });
    const fee = await screen.findByRole('combobox', { name: /Donor fee you ask for/ });
    await waitFor(() =>
      expect(within(fee).getByRole('option', { name: '$8,000 (First-time donors)' })).toBeTruthy(),
    );
    expect(within(fee).getByRole('option', { name: 'Negotiable' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Amount/ })).toBeNull();
    fireEvent.change(fee, { target: { value: 'Other' } });
    fireEvent.change(await screen.findByRole('textbox', { name: /Amount/ }), { target: { value: '11500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).not.toBeNull());
    expect(saved!.formData).toMatchObject({ donorFee: 'Other', donorFeeOther: '11500' });
  });

  it('leaves the fee and donor type questions out where the form template hides them from the donor', async () => {
    renderPage(<DonorFormPage />, {
      route: '/donorform',
      path: PATH,
      api: {
        me: ok(donor),
        'getdonorformstatus/42': ok(status()),
        getdonorformdetails: ok({ tabName: 'general', data: generalData, status: status(), hasSsn: false }),
        'getdonorformfields/42': ok({
          clinicLabel: 'Clinic',
          tabs: [
            { tab: 'general', fields: [], hidden: ['donorType', 'donorFee', 'donorFeeOther'], labels: {} },
          ],
        }),
        getfeeoptions: ok({ centerId: 1, isCompensationVisible: false, options: [] }),
        ...reference,
      },
    });
    await screen.findByRole('textbox', { name: /First name/ });
    await waitFor(() => expect(screen.queryByRole('combobox', { name: /Donor type/ })).toBeNull());
    expect(screen.queryByRole('combobox', { name: /Donor fee/ })).toBeNull();
  });

  it("sends the user home when the server answers 'User Not Found'", async () => {
    renderPage(<DonorFormPage />, {
      route: '/donorform/999',
      path: PATH,
      api: {
        me: ok(admin),
        'getdonorformstatus/999': fail(404, MSG.USER_NOT_FOUND),
        getdonorformdetails: fail(404, MSG.USER_NOT_FOUND),
        'getdonorformfields/999': fail(404, MSG.USER_NOT_FOUND),
        ...reference,
      },
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
  });

  it('shows the server message of a refused save and highlights the field', async () => {
    renderPage(<DonorFormPage />, {
      route: '/donorform/42/2',
      path: PATH,
      api: {
        me: ok(donor),
        'getdonorformstatus/42': ok(status()),
        getdonorformdetails: ok({ tabName: 'general', data: generalData, status: status() }),
        updatedonorformdetails: fail(400, MSG.INVALID_ZIP_CODE, { field: 'zipcode' }),
        ...reference,
      },
    });
    const zip = await screen.findByRole('textbox', { name: /Zip code/ });
    fireEvent.change(zip, { target: { value: '00000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain(MSG.INVALID_ZIP_CODE);
    await waitFor(() =>
      expect(
        screen.getByRole('textbox', { name: /Zip code/ }).closest('[data-highlight="true"]'),
      ).toBeTruthy(),
    );
  });

  it("refuses a save the tab's shared schema refuses, without asking the server", async () => {
    const { requests } = renderPage(<DonorFormPage />, {
      route: '/donorform/42/2',
      path: PATH,
      api: {
        me: ok(donor),
        'getdonorformstatus/42': ok(status()),
        getdonorformdetails: ok({ tabName: 'general', data: generalData, status: status() }),
        updatedonorformdetails: ok({ status: status(), changeVersion: null }),
        ...reference,
      },
    });
    const zip = await screen.findByRole('textbox', { name: /Zip code/ });
    fireEvent.change(zip, { target: { value: '12345678901' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const expected = generalTab.safeParse({ ...generalData, zipcode: '12345678901' });
    expect(expected.success).toBe(false);
    expect((await screen.findByRole('alert')).textContent).toContain(expected.error!.issues[0]!.message);
    expect(screen.getByRole('textbox', { name: /Zip code/ }).closest('[data-highlight="true"]')).toBeTruthy();
    expect(requests.some((r) => r.name === 'updatedonorformdetails')).toBe(false);
  });

  it('race percentages follow the shared rules as they are chosen', async () => {
    const s = status({
      availability: 'Initial form Accepted',
      initialStage: false,
      canSubmitMain: true,
      landingPage: 4,
    });
    renderPage(<DonorFormPage />, {
      route: '/donorform/42/4',
      path: PATH,
      api: {
        me: ok({ ...donor, donor: { ...donor.donor!, availability: 'Initial form Accepted' } }),
        'getdonorformstatus/42': ok(s),
        getdonorformdetails: ok({
          tabName: 'personalCharacterstics',
          data: { races: [{ name: 'White', percentage: 100 }], ethnicities: [], heritage: [] },
          status: s,
        }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add race' }));
    expect((await screen.findByText(MSG.RACE_ALREADY_100)).getAttribute('role')).toBe('alert');
    fireEvent.change(screen.getByRole('combobox', { name: 'Race 1 percentage' }), {
      target: { value: '50' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add race' }));
    const pct = await screen.findByRole('combobox', { name: 'Race 2 percentage' });
    const options = within(pct)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Select', '50%', '25%', '15%', '10%']);
  });

  it('lists the blank mandatory fields in a dialog when the submission is refused', async () => {
    renderPage(<DonorFormPage />, {
      route: '/donorform/42/11',
      path: PATH,
      api: {
        me: ok(donor),
        'getdonorformstatus/42': ok(status()),
        submitinitialform: fail(400, MSG.MANDATORY_REMAINING, {
          blank: [{ tab: 'uploadPhotos', field: 'pictures', label: 'Photo' }],
        }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Submit initial form' }));
    const dialog = await screen.findByRole('dialog', { name: 'Blank mandatory fields' });
    expect(within(dialog).getByText('Photos & media: Photo')).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Photos & media \(!\)/ })).toBeTruthy();
  });

  it('confirms a successful submission in the submitted dialog', async () => {
    renderPage(<DonorFormPage />, {
      route: '/donorform/42/11',
      path: PATH,
      api: {
        me: ok(donor),
        'getdonorformstatus/42': ok(status()),
        submitinitialform: ok({ availability: 'General Info Pending Review', blank: [] }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Submit initial form' }));
    const dialog = await screen.findByRole('dialog', { name: 'Initial form submitted' });
    expect(within(dialog).getByText(MSG.INITIAL_FORM_SUBMITTED)).toBeTruthy();
  });

  it('shows staff the change set highlighted, and the review buttons', async () => {
    const s = status({
      availability: 'Available Donor Changes Pending Review',
      initialStage: false,
      changeTracked: true,
      pendingChangeVersion: 1,
    });
    const set: ChangeSetSummary = {
      version: 1,
      tab: 'personalCharacterstics',
      status: 'pending',
      createdAt: '2026-01-01T00:00:00Z',
      changes: [{ field: 'eyeColor', before: 'Blue', after: 'Green' }],
    };
    let reviewed: unknown = null;
    const { requests } = renderPage(<DonorFormPage />, {
      route: '/donorform/42/4/changes/1',
      path: PATH,
      api: {
        me: ok(admin),
        'getdonorformstatus/42': ok(s),
        getdonorformdetails: ok({
          tabName: 'personalCharacterstics',
          data: { races: [], ethnicities: [], eyeColor: 'Green', heritage: [] },
          status: s,
        }),
        getdonorformchanges: ok([set]),
        reviewdonorform: (r: StubRequest) => {
          reviewed = r.body;
          return ok(s, MSG.FORM_STATUS_UPDATED);
        },
      },
    });
    await screen.findByRole('textbox', { name: /Eye color/ });
    // Highlighted after the spec's 300 ms.
    const table = await screen.findByRole('table', { name: 'Changed fields' }, { timeout: 3000 });
    expect(requests.find((r) => r.name === 'getdonorformchanges')?.query.get('version')).toBe('1');
    expect(within(table).getByText('Green')).toBeTruthy();
    const eye = screen.getByRole('textbox', { name: /Eye color/ }) as HTMLInputElement;
    await waitFor(() =>
      expect(
        screen.getByRole('textbox', { name: /Eye color/ }).closest('[data-highlight="true"]'),
      ).toBeTruthy(),
    );
    // Read only: the answer as text, not a disabled select.
    expect([eye.value, eye.readOnly]).toEqual(['Green', true]);
    fireEvent.click(screen.getByRole('button', { name: 'Accept changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept changes' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Message to the donor/ }), {
      target: { value: 'Looks good' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(reviewed).toEqual({ donorId: 42, decision: 'accept', message: 'Looks good' }));
  });
});

describe('DonorHomePage', () => {
  it('shows the status, what is left and the messages', async () => {
    renderPage(<DonorHomePage />, {
      route: '/donorhome',
      path: '/donorhome',
      api: {
        me: ok(donor),
        getdonorhome: ok({
          donorId: 42,
          firstName: 'Nia',
          availability: 'Initial form Accepted',
          preview: false,
          landingPage: 4,
          todo: [{ tab: 'familyHealth', field: 'members', label: 'Family members' }],
          messages: [
            { createdAt: '2026-01-01T00:00:00Z', message: 'Welcome aboard', status: 'Initial form Accepted' },
          ],
        }),
      },
    });
    expect(await screen.findByText('Family health: Family members')).toBeTruthy();
    expect(screen.getByText('Welcome aboard')).toBeTruthy();
    expect(screen.getByText('01/01/2026 · Initial form Accepted')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open my donor form' }).getAttribute('href')).toBe(
      '/donorform/42/4',
    );
  });
});

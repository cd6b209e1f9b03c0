import { type DonorFormFields, type DonorFormStatus, MSG } from '@dm/shared';
import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderPage, type StubRequest, sessionUser } from '../../test/render';
import { donorFormStatus } from '../../test/rows';
import DonorFormPage from './DonorFormPage';
import DonorHomePage from './DonorHomePage';

const PATH = '/donorform/:id?/:page?/:mode?/:version?';
const donorUser = (availability: string) =>
  sessionUser({
    userId: 42,
    username: 'newdonor@demo.test',
    role: 2,
    client: null,
    donor: { preFormStatus: 1, availability: availability as never, lastTab: null },
  });
const admin = sessionUser({ userId: 7, username: 'admin@demo.test', role: 7, client: null });

const status = (over: Partial<DonorFormStatus> = {}): DonorFormStatus =>
  donorFormStatus({
    availability: 'Initial form Accepted',
    initialStage: false,
    canSubmitMain: true,
    ...over,
  });

const fields = (over: Partial<DonorFormFields> = {}): DonorFormFields => ({
  clinicLabel: 'Name of Clinic',
  tabs: [],
  ...over,
});
const contact = {
  name: 'Main Agency',
  email: 'office@main.test',
  contactNo: '2125550000',
  address: '1 Main St',
  agencyUrl: 'https://main.test',
};
const reference = {
  getallcountries: ok([{ isoCode: 'US', name: 'United States', phoneCode: '1' }]),
  'getallstates/US': ok([{ isoCode: 'NY', name: 'New York' }]),
  'getallcities/NY/US': ok([{ name: 'New York' }]),
};

const open = (route: string, user: ReturnType<typeof donorUser>, api: Record<string, unknown>) =>
  renderPage(
    <ModalsProvider>
      <DonorFormPage />
    </ModalsProvider>,
    {
      route,
      path: PATH,
      api: { me: ok(user), 'getdonorformfields/42': ok(fields()), ...reference, ...api } as never,
    },
  );

describe('donor form rules on screen', () => {
  it('a donor whose initial form was rejected sees her agency contact (form and home)', async () => {
    const s = status({ availability: 'Rejected Initial Form', initialStage: true, canSubmitMain: false });
    open('/donorform/42/11', donorUser('Rejected Initial Form'), {
      'getdonorformstatus/42': ok(s),
      getagencycontact: ok(contact),
    });
    const card = await screen.findByRole('region', { name: 'Contact your agency' }, { timeout: 4000 });
    expect(within(card).getByText('office@main.test')).toBeTruthy();
    expect(within(card).getByText('Phone: 2125550000')).toBeTruthy();
  });

  it('the home page shows the contact only for Rejected Initial Form', async () => {
    const home = (availability: string) => ({
      donorId: 42,
      firstName: 'Nia',
      availability,
      preview: false,
      landingPage: 2,
      todo: [],
      messages: [],
    });
    const first = renderPage(<DonorHomePage />, {
      route: '/donorhome',
      path: '/donorhome',
      api: {
        me: ok(donorUser('Rejected Initial Form')),
        getdonorhome: ok(home('Rejected Initial Form')),
        getagencycontact: ok(contact),
      },
    });
    expect(await screen.findByRole('region', { name: 'Contact your agency' })).toBeTruthy();
    first.unmount();
    const { requests } = renderPage(<DonorHomePage />, {
      route: '/donorhome',
      path: '/donorhome',
      api: {
        me: ok(donorUser('Initial form Accepted')),
        getdonorhome: ok(home('Initial form Accepted')),
        getagencycontact: ok(contact),
      },
    });
    await screen.findByText('Welcome, Nia');
    expect(screen.queryByRole('region', { name: 'Contact your agency' })).toBeNull();
    expect(requests.some((r) => r.name === 'getagencycontact')).toBe(false);
  });

  it('opening the submit tab submits the main form when compensation is visible, not otherwise', async () => {
    let submits = 0;
    const submit = () => {
      submits += 1;
      return ok({ availability: 'Main Form Pending Review', blank: [] });
    };
    const visible = status({ centerSettings: { ...status().centerSettings, isCompensationVisible: true } });
    const first = open('/donorform/42/11', donorUser('Initial form Accepted'), {
      'getdonorformstatus/42': ok(visible),
      submitdonorform: submit,
    });
    expect(await screen.findByRole('dialog', { name: 'Donor form submitted' })).toBeTruthy();
    expect(submits).toBe(1);
    first.unmount();

    open('/donorform/42/11', donorUser('Initial form Accepted'), {
      'getdonorformstatus/42': ok(status()),
      submitdonorform: submit,
    });
    expect(await screen.findByRole('button', { name: 'Submit donor form' })).toBeTruthy();
    expect(submits).toBe(1);
  });

  it('the center template hides and renames general-tab fields', async () => {
    open('/donorform/42/2', donorUser('Initial form Accepted'), {
      'getdonorformfields/42': ok(
        fields({
          tabs: [
            {
              tab: 'general',
              fields: [],
              hidden: ['occupation', 'referrals'],
              labels: { agencyDisplayId: 'Circle donor id' },
            },
          ],
        }),
      ),
      'getdonorformstatus/42': ok(status()),
      getdonorformdetails: ok({
        tabName: 'general',
        data: { firstName: 'Nia', lastName: 'N', country: 'United States', referrals: [], deliveries: [] },
        status: status(),
      }),
    });
    expect(await screen.findByRole('textbox', { name: 'Circle donor id' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Occupation' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Google' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Agency donor id' })).toBeNull();
  });

  it('dates of pregnancies and cycles are limited to 32 and 30 years; the clinic label is the center one', async () => {
    open('/donorform/42/7', donorUser('Initial form Accepted'), {
      'getdonorformfields/42': ok(fields({ clinicLabel: 'IVF Clinic' })),
      'getdonorformstatus/42': ok(status()),
      getdonorformdetails: ok({
        tabName: 'pastDonation',
        data: { donationCount: 1, cycles: [{ queueType: 'Fresh' }], frozenBatches: [] },
        status: status(),
      }),
    });
    expect(await screen.findByRole('textbox', { name: 'IVF Clinic' })).toBeTruthy();
    const date = screen.getByLabelText('Date of Retrieval') as HTMLInputElement;
    const year = new Date().getUTCFullYear();
    expect(date.min.slice(0, 4)).toBe(String(year - 30));
    expect(date.max).toBe(new Date().toISOString().slice(0, 10));
  });

  it('in the disease table, Nobody leaves no other relation for that disease', async () => {
    let saved: unknown = null;
    open('/donorform/42/6', donorUser('Initial form Accepted'), {
      'getdonorformstatus/42': ok(status()),
      getdonorformdetails: ok({
        tabName: 'disease',
        data: { diseases: [{ disease: 'Asthma', relation: 'Nobody', details: null }] },
        status: status(),
      }),
      updatedonorformdetails: (r: StubRequest) => {
        saved = r.body;
        return ok({ status: status(), changeVersion: null });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add disease' }));
    const selects = await screen.findAllByRole('combobox', { name: /Who had it/ });
    const first = within(selects[0]!)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(first).toContain('Nobody');
    fireEvent.change(screen.getAllByRole('combobox', { name: /Disease/ })[1]!, {
      target: { value: 'Asthma' },
    });
    await waitFor(() => {
      const second = within(screen.getAllByRole('combobox', { name: /Who had it/ })[1]!)
        .getAllByRole('option')
        .map((o) => o.textContent);
      expect(second).toEqual(['Select']);
    });
    fireEvent.change(screen.getAllByRole('combobox', { name: /Disease/ })[1]!, {
      target: { value: 'Migraine' },
    });
    await waitFor(() => {
      const second = within(screen.getAllByRole('combobox', { name: /Who had it/ })[1]!)
        .getAllByRole('option')
        .map((o) => o.textContent);
      expect(second).toContain('Biological Mother');
      expect(second).toContain('Nobody');
    });
    expect(saved).toBeNull();
  });

  it('deleting a family member warns that its details go too', async () => {
    open('/donorform/42/5', donorUser('Initial form Accepted'), {
      'getdonorformstatus/42': ok(status()),
      getdonorformdetails: ok({
        tabName: 'familyHealth',
        data: {
          siblingCount: 0,
          halfSiblingCount: 0,
          members: [{ relation: 'Biological Mother', applicable: true, living: true }],
          history: [],
        },
        status: status(),
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Biological Mother' }));
    expect(await screen.findByText(MSG.DELETE_FAMILY_CONFIRM)).toBeTruthy();
  });

  it('staff see when the form is outside the agency range', async () => {
    const s = status({
      availability: 'General Info Pending Review',
      eligibility: { eligible: false, reasons: ['age', 'bmi'] },
    });
    open('/donorform/42/11', admin as never, { 'getdonorformstatus/42': ok(s) });
    expect(await screen.findByText(/outside the agency's age range and BMI range/)).toBeTruthy();
  });

  it('AMH takes two digits then a dot; numbers refuse a minus, letters and a second dot', async () => {
    open('/donorform/42/3', donorUser('Initial form Accepted'), {
      'getdonorformstatus/42': ok(status()),
      getdonorformdetails: ok({
        tabName: 'personalHealth',
        data: { birthControl: 'No', contraceptiveTypes: [], transmittedDiseases: [], medications: [] },
        status: status(),
      }),
    });
    const amh = (await screen.findByLabelText('AMH (ng/mL)')) as HTMLInputElement;
    fireEvent.change(amh, { target: { value: '123' } });
    expect(amh.value).toBe('');
    fireEvent.change(amh, { target: { value: '12.5' } });
    expect(amh.value).toBe('12.5');
    fireEvent.change(amh, { target: { value: '12.555' } });
    expect(amh.value).toBe('12.5');
    expect(screen.getByRole('checkbox', { name: 'Chlamydia' })).toBeTruthy();
  });

  it('unticking a family-history answer clears its details before saving', async () => {
    let saved: { formData: { history: unknown[] } } | null = null;
    open('/donorform/42/5', donorUser('Initial form Accepted'), {
      'getdonorformstatus/42': ok(status()),
      getdonorformdetails: ok({
        tabName: 'familyHealth',
        data: {
          siblingCount: 0,
          halfSiblingCount: 0,
          members: [],
          history: [{ key: 'genetic_testing', answer: true, details: 'Carrier screening' }],
        },
        status: status(),
      }),
      updatedonorformdetails: (r: StubRequest) => {
        saved = r.body as never;
        return ok({ status: status(), changeVersion: null });
      },
    });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Family history: genetic testing' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).not.toBeNull());
    expect(saved!.formData.history).toContainEqual({ key: 'genetic_testing', answer: false, details: null });
  });

  it("the miscellaneous tab checks its answers by the questions' rules before sending them", async () => {
    let sent: unknown = null;
    open('/donorform/42/9', donorUser('Initial form Accepted'), {
      'getdonorformstatus/42': ok(status()),
      'getcustomizedquestiondetails/42': ok([
        {
          id: 9,
          centerId: 1,
          question: 'Why donate?',
          type: 'textarea',
          status: 'public',
          isActive: true,
          isRequired: true,
          tab: 'miscellaneous',
          options: [],
          updatedAt: '2026-01-01T00:00:00.000Z',
          answer: '',
        },
      ]),
      submitcustomizedanswers: (r: StubRequest) => {
        sent = r.body;
        return ok({ saved: 1 });
      },
    });
    const answer = await screen.findByRole('textbox', { name: /Why donate\?/ });
    fireEvent.click(screen.getByRole('button', { name: 'Save answers' }));
    expect(await screen.findByText(MSG.ANSWER_REQUIRED)).toBeTruthy();
    expect(sent).toBeNull();
    fireEvent.change(answer, { target: { value: 'To help' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save answers' }));
    await waitFor(() => expect(sent).not.toBeNull());
    expect(sent).toMatchObject({
      donorId: 42,
      tab: 'miscellaneous',
      userAnswers: [{ questionId: 9, answer: 'To help' }],
    });
  });
});

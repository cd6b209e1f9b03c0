import {
  defaultIpDob,
  emptyIpFertility,
  emptyIpGeneral,
  emptyIpPersonal,
  type IpFormDetails,
  MSG,
} from '@dm/shared';
import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fail, ok, renderPage, type StubRequest, sessionUser } from '../../test/render';
import IpFormPage from './IpFormPage';

const parent = sessionUser({ userId: 10, role: 9 });
const manager = sessionUser({ userId: 3, role: 6, client: null });

function form(over: Partial<IpFormDetails> = {}): IpFormDetails {
  return {
    userId: 10,
    tabName: 'confirm',
    access: 'edit',
    submittedAt: null,
    general: { ...emptyIpGeneral(), dob: defaultIpDob(new Date()) },
    personalCharacteristics: emptyIpPersonal(),
    fertilityHistory: emptyIpFertility(),
    ...over,
  };
}

const REFERENCE = {
  getallcountries: ok([{ isoCode: 'US', name: 'United States', phoneCode: '1' }]),
  'getallstates/US': ok([{ isoCode: 'NY', name: 'New York' }]),
  'getallcities/NY/US': ok([{ name: 'New York' }]),
};

const location = () => screen.getByTestId('location').textContent;
const select = (name: RegExp | string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;
const tab = (name: RegExp) => screen.getByRole('tab', { name });

function renderForm(api: Record<string, unknown> = {}, route = '/ipform', user = parent) {
  return renderPage(
    <ModalsProvider>
      <Link to="/elsewhere">Elsewhere</Link>
      <IpFormPage />
    </ModalsProvider>,
    {
      route,
      path: '/ipform/:id?/:mode?',
      api: { me: ok(user), getipformdetails: ok(form()), ...REFERENCE, ...api } as never,
    },
  );
}

describe('IpFormPage', () => {
  it('starts the date of birth 26 years ago and shows a description only after a yes', async () => {
    renderForm();
    const dob = (await screen.findByLabelText('Your date of birth')) as HTMLInputElement;
    expect(dob.value).toBe(defaultIpDob(new Date()));
    expect(screen.queryByLabelText('Please describe the therapy')).toBeNull();
    fireEvent.change(select('Have you had previous therapy?'), { target: { value: '1' } });
    expect(screen.getByLabelText('Please describe the therapy')).toBeTruthy();
    fireEvent.change(select('Have you had previous therapy?'), { target: { value: '0' } });
    expect(screen.queryByLabelText('Please describe the therapy')).toBeNull();
  });

  it("a parent's tab change does not ask; leaving the page with unsaved changes does", async () => {
    renderForm();
    fireEvent.change(await screen.findByLabelText('Consultation date'), { target: { value: '2026-01-05' } });
    fireEvent.click(tab(/Personal characteristics/));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('combobox', { name: /Your height \(feet\)/ })).toBeTruthy();
    // The general tab keeps its edit (marked) and leaving asks.
    expect(tab(/General \*/)).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByText(MSG.UNSAVED_CHANGES)).toBeTruthy();
    expect(location()).toBe('/ipform');
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(location()).toBe('/elsewhere'));
  });

  it('cannot advance past personal characteristics while invalid; sends cm and kg', async () => {
    let sent: unknown = null;
    renderForm({
      updateipformdetails: (r: StubRequest) => {
        sent = r.body;
        return ok(
          form({
            tabName: 'personalCharacteristics',
            personalCharacteristics: { ...emptyIpPersonal(), height: 175.26 },
          }),
        );
      },
    });
    fireEvent.click(await screen.findByRole('tab', { name: /Personal characteristics/ }));
    expect(
      tab(/Fertility history/).hasAttribute('disabled') ||
        tab(/Fertility history/).getAttribute('data-disabled'),
    ).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Save and next' }));
    expect(await screen.findByText('Height is required.')).toBeTruthy();
    expect(sent).toBeNull();
    fireEvent.change(select(/Your height \(feet\)/), { target: { value: '5' } });
    fireEvent.change(select(/Your height \(inches\)/), { target: { value: '9' } });
    fireEvent.change(screen.getByLabelText('Your weight (lb)'), { target: { value: '150' } });
    expect(tab(/Fertility history/).hasAttribute('disabled')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Save and next' }));
    await waitFor(() => expect(sent).not.toBeNull());
    expect(sent).toEqual({
      tabName: 'personalCharacteristics',
      userId: 10,
      formData: {
        height: 175.26,
        sec_partner_height: null,
        donor_height: null,
        weight: 68.04,
        sec_partner_weight: null,
      },
    });
    expect(await screen.findByRole('region', { name: 'Fertility history' })).toBeTruthy();
  });

  it("Save and next stores an untouched new form's general tab (the default date of birth)", async () => {
    let sent: { tabName: string; formData: { dob: string | null } } | null = null;
    renderForm({
      updateipformdetails: (r: StubRequest) => {
        sent = r.body as typeof sent;
        return ok(form({ tabName: 'general' }));
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Save and next' }));
    await waitFor(() => expect(sent).not.toBeNull());
    expect(sent!.tabName).toBe('general');
    expect(sent!.formData.dob).toBe(defaultIpDob(new Date()));
    expect(await screen.findByRole('region', { name: 'Personal characteristics' })).toBeTruthy();
  });

  it('submits from the confirm tab and returns home', async () => {
    const saved = form({ personalCharacteristics: { ...emptyIpPersonal(), height: 170.18 } });
    const { requests } = renderForm({
      getipformdetails: ok(saved),
      ipformsubmission: ok({ submittedAt: '2026-11-25T00:00:00.000Z' }, 'IP form submitted successfully.'),
    });
    fireEvent.click(await screen.findByRole('tab', { name: /Confirm/ }));
    expect(screen.getByText('5 ft 7 in (170.18 cm)')).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: /information in this form is accurate/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(requests.some((r) => r.name === 'ipformsubmission')).toBe(true);
    expect(requests.some((r) => r.name === 'updateipformdetails')).toBe(false);
  });

  it('a form that cannot be loaded sends home', async () => {
    renderForm({ getipformdetails: fail(404, 'The IP form is not available.') });
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('staff see the form read-only in preview', async () => {
    const { requests } = renderForm(
      {
        getipformdetails: (r: StubRequest) => {
          expect(r.body).toEqual({ tabName: 'confirm', userId: 10 });
          return ok(form({ access: 'preview', general: { ...emptyIpGeneral(), previous_therapy: 1 } }));
        },
      },
      '/ipform/10/preview',
      manager,
    );
    expect(await screen.findByText('Read only')).toBeTruthy();
    // Answers read as text (a disabled select was grey on grey), and cannot be changed.
    const therapy = screen.getByRole('textbox', {
      name: 'Have you had previous therapy?',
    }) as HTMLInputElement;
    expect([therapy.value, therapy.readOnly]).toEqual(['Yes', true]);
    expect((screen.getByLabelText('Please describe the therapy') as HTMLTextAreaElement).readOnly).toBe(true);
    expect(screen.getByRole('region', { name: 'General' }).querySelectorAll(':disabled')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    fireEvent.click(tab(/Confirm/));
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(requests.some((r) => r.name === 'updateipformdetails')).toBe(false);
  });

  it('a parent opening the preview sees it read-only too', async () => {
    renderForm({}, '/ipform/10/preview');
    expect(await screen.findByText('Read only')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save and next' })).toBeNull();
  });
});

import { type AgencyAccessDetails, type AgencyTwilio, MSG, MSG_SETTINGS } from '@dm/shared';
import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok, renderPage, type StubRequest, type StubRoutes, sessionUser } from '../../test/render';
import GeneralConfigurationPage from './GeneralConfigurationPage';

const admin = sessionUser({ userId: 2, username: 'admin@demo.test', role: 7, client: null });
const master = sessionUser({ userId: 1, username: 'master@demo.test', role: 1, client: null });

const details = (over: Partial<AgencyAccessDetails> = {}): AgencyAccessDetails => ({
  centerId: 1,
  centerName: 'Test Agency',
  isFirstNameVisible: false,
  ipFormVisible: true,
  receiveTextMessages: true,
  canPreactiveIpAccessDonorDetail: false,
  isDonorTypeVisible: true,
  isCompensationVisible: true,
  portfolioDonorCount: 40,
  defaultCaseManagerId: null,
  preActiveAccess: false,
  ...over,
});
const twilio = (over: Partial<AgencyTwilio> = {}): AgencyTwilio => ({
  centerId: 1,
  twilioPhoneNumber: '+15550001111',
  accountSidHint: 'AC…cdef',
  authTokenSet: true,
  pendingRequest: null,
  ...over,
});

function page(api: StubRoutes) {
  return renderPage(
    <ModalsProvider>
      <GeneralConfigurationPage />
    </ModalsProvider>,
    {
      api: {
        me: ok(admin),
        getagencyaccessdetails: ok(details()),
        getagencymanagerdetails: ok([
          { userId: 5, name: 'Casey Manager', email: 'manager@demo.test', status: 'Active' },
        ]),
        getagencydefaultmanager: ok({ defaultCaseManagerId: null, name: null }),
        getagencytwilionumber: ok(twilio()),
        ...api,
      },
    },
  );
}

const switchNamed = (name: RegExp) => screen.findByRole('switch', { name }) as Promise<HTMLInputElement>;

describe('GeneralConfigurationPage', () => {
  it("shows the agency's switches and changes one at once", async () => {
    const { requests } = page({
      donortypevisibility: (r: StubRequest) =>
        ok(details({ isDonorTypeVisible: (r.body as { status: boolean }).status }), MSG_SETTINGS.SAVED),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'General configuration' })).toBeTruthy();
    const type = await switchNamed(/Show the donor type/);
    expect(type.checked).toBe(true);
    expect((await switchNamed(/first names/)).checked).toBe(false);
    expect(screen.getByText(/does not let Pre-Active parents sign in/)).toBeTruthy();
    fireEvent.click(type);
    await waitFor(() => expect(type.checked).toBe(false));
    expect(requests.find((r) => r.name === 'donortypevisibility')?.body).toEqual({
      status: false,
      center_id: 1,
    });
  });

  it('asks before a far-reaching change (first names shown, texts off) and does nothing on cancel', async () => {
    const { requests } = page({
      firstnamevisibility: ok(details({ isFirstNameVisible: true }), MSG_SETTINGS.SAVED),
      textmessagestoggle: ok(details({ receiveTextMessages: false }), MSG_SETTINGS.SAVED),
    });
    fireEvent.click(await switchNamed(/first names/));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/will see your donors' first names/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((r) => r.name === 'firstnamevisibility')).toBe(false);

    fireEvent.click(await switchNamed(/Send text messages/));
    const texts = await screen.findByRole('dialog');
    fireEvent.click(within(texts).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(requests.some((r) => r.name === 'textmessagestoggle')).toBe(true));
    expect(requests.find((r) => r.name === 'textmessagestoggle')?.body).toEqual({
      status: false,
      center_id: 1,
    });
  });

  it('checks the portfolio donor count with the shared rule, then saves it', async () => {
    const { requests } = page({
      updateportfoliodonorcount: ok(details({ portfolioDonorCount: 12 }), MSG_SETTINGS.SAVED),
    });
    const count = (await screen.findByRole('textbox', { name: /Portfolio donor count/ })) as HTMLInputElement;
    expect(count.value).toBe('40');
    fireEvent.change(count, { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save count' }));
    expect(await screen.findByText(MSG_SETTINGS.PORTFOLIO_COUNT)).toBeTruthy();
    expect(requests.some((r) => r.name === 'updateportfoliodonorcount')).toBe(false);
    fireEvent.change(count, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save count' }));
    await waitFor(() => expect(requests.some((r) => r.name === 'updateportfoliodonorcount')).toBe(true));
    expect(requests.find((r) => r.name === 'updateportfoliodonorcount')?.body).toEqual({
      portfolio_donor_count: '12',
      center_id: 1,
    });
  });

  it("saves the default case manager and shows the server's refusal on the field", async () => {
    let calls = 0;
    const { requests } = page({
      saveagencydefaultmanager: () =>
        ++calls === 1
          ? fail(400, MSG_SETTINGS.NOT_A_MANAGER)
          : ok({ defaultCaseManagerId: 5, name: 'Casey Manager' }, MSG_SETTINGS.SAVED),
    });
    const select = await screen.findByRole('combobox', { name: /Default case manager/ });
    await waitFor(() => expect((select as HTMLInputElement).disabled).toBe(false));
    fireEvent.click(select);
    fireEvent.click(await screen.findByRole('option', { name: /Casey Manager/, hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Save case manager' }));
    expect(await screen.findByText(MSG_SETTINGS.NOT_A_MANAGER)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save case manager' }));
    await waitFor(() => expect(calls).toBe(2));
    expect(requests.filter((r) => r.name === 'saveagencydefaultmanager').at(-1)?.body).toEqual({
      default_case_manager_id: 5,
      center_id: 1,
    });
  });

  it('shows an agency admin the phone without secrets and lets her ask for a number change', async () => {
    const { requests } = page({
      agencyrequestfortwilionumberchange: ok(
        twilio({
          pendingRequest: {
            id: 3,
            requestedNumber: null,
            reason: 'We moved',
            requestedByName: 'Alex Admin',
            createdAt: '2026-03-01T10:00:00.000Z',
          },
        }),
        MSG_SETTINGS.REQUEST_SENT,
      ),
    });
    expect(await screen.findByText('+15550001111')).toBeTruthy();
    expect(screen.getByText('AC…cdef')).toBeTruthy();
    expect(screen.getByText('Stored (encrypted)')).toBeTruthy();
    expect(screen.queryByLabelText(/Auth token/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Request a number change' }));
    expect(await screen.findByText(MSG_SETTINGS.REQUEST_REASON)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Why should the number change/ }), {
      target: { value: 'We moved' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Request a number change' }));
    expect(await screen.findByText('Number change requested')).toBeTruthy();
    expect(requests.find((r) => r.name === 'agencyrequestfortwilionumberchange')?.body).toEqual({
      requestedNumber: '',
      reason: 'We moved',
    });
    expect(screen.queryByRole('button', { name: 'Request a number change' })).toBeNull();
  });

  it('lets the master admin pick the agency and set its phone, the token left blank to keep it', async () => {
    const { requests } = renderPage(
      <ModalsProvider>
        <GeneralConfigurationPage />
      </ModalsProvider>,
      {
        api: {
          me: ok(master),
          getcenters: ok([
            { centerId: 1, name: 'Main Agency' },
            { centerId: 85, name: 'Hatch' },
          ]),
          getagencyaccessdetails: ok(details({ centerId: 85 })),
          getagencymanagerdetails: ok([]),
          getagencydefaultmanager: ok({ defaultCaseManagerId: null, name: null }),
          getagencytwilionumber: ok(twilio({ centerId: 85 })),
          updateagencytwiliophonenumber: ok(
            twilio({ centerId: 85, twilioPhoneNumber: '+15550002222' }),
            'saved',
          ),
        },
      },
    );
    expect(screen.queryByRole('switch')).toBeNull();
    fireEvent.click(await screen.findByRole('combobox', { name: /^Agency/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Hatch', hidden: true }));
    const number = await screen.findByRole('textbox', { name: /Twilio number/ });
    expect(requests.find((r) => r.name === 'getagencyaccessdetails')?.query.get('center_id')).toBe('85');
    fireEvent.change(number, { target: { value: '+15550002222' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save phone settings' }));
    await waitFor(() => expect(requests.some((r) => r.name === 'updateagencytwiliophonenumber')).toBe(true));
    expect(requests.find((r) => r.name === 'updateagencytwiliophonenumber')?.body).toEqual({
      twilioPhoneNumber: '+15550002222',
      twilioAccountSid: '',
      twilioAuthToken: '',
      center_id: 85,
    });
  });

  it('says so when the settings cannot be loaded', async () => {
    page({ getagencyaccessdetails: fail(500, MSG.HTTP_FAILURE) });
    expect(await screen.findByText('The settings could not be loaded.')).toBeTruthy();
  });
});

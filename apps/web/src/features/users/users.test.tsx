import { MSG, USERS_MSG, type UserRow } from '@dm/shared';
import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok, renderPage, type StubRequest, sessionUser } from '../../test/render';
import { userRow } from '../../test/rows';
import AddClientPage from './AddClientPage';
import AssignClientPage from './AssignPage';
import ViewClientPage from './UsersPage';

const admin = sessionUser({ userId: 2, username: 'admin@demo.test', role: 7, client: null });
const master = sessionUser({ userId: 1, username: 'master@demo.test', role: 1, client: null });

const row = (over: Partial<UserRow>): UserRow => userRow({ status: 'Archived', ...over });

const statusSelect = (name: string) =>
  screen.getByRole('combobox', { name: `Status: ${name}` }) as HTMLSelectElement;

describe('ViewClientPage', () => {
  it('puts the row back when the server refuses Active without a case manager', async () => {
    const list = [row({})];
    const { requests } = renderPage(
      <ModalsProvider>
        <ViewClientPage />
      </ModalsProvider>,
      {
        route: '/viewclient',
        api: {
          me: ok(admin),
          getallusers: () => ok({ rows: list, count: list.length }),
          updateuserstatus: () => fail(400, USERS_MSG.ASSIGN_MANAGER_FIRST),
        },
      },
    );
    await screen.findByText('ivy@x.test');
    fireEvent.change(statusSelect('Ivy Parent'), { target: { value: 'Active' } });
    await waitFor(() => expect(requests.some((r) => r.name === 'updateuserstatus')).toBe(true));
    expect(requests.find((r) => r.name === 'updateuserstatus')?.body).toMatchObject({
      user_id: 50,
      status: 'Active',
    });
    await waitFor(() => expect(statusSelect('Ivy Parent').value).toBe('Archived'));
  });

  it('asks before Pre-Active and sends confirmed when the answer is yes', async () => {
    const { requests } = renderPage(
      <ModalsProvider>
        <ViewClientPage />
      </ModalsProvider>,
      {
        route: '/viewclient',
        api: {
          me: ok(admin),
          getallusers: ok({
            rows: [row({ status: 'Active', managerId: 3, managerName: 'Casey Manager' })],
            count: 1,
          }),
          updateuserstatus: (r: StubRequest) =>
            (r.body as { confirmed?: boolean }).confirmed
              ? ok({ userId: 50, status: 'Pre-Active', followers: [] }, USERS_MSG.STATUS_UPDATED)
              : fail(409, USERS_MSG.PREACTIVE_CONFIRM, { confirm: 'preactive' }),
        },
      },
    );
    await screen.findByText('Casey Manager');
    fireEvent.change(statusSelect('Ivy Parent'), { target: { value: 'Pre-Active' } });
    expect(await screen.findByText(USERS_MSG.PREACTIVE_CONFIRM)).toBeTruthy();
    await waitFor(() => expect(statusSelect('Ivy Parent').value).toBe('Active'));
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.name === 'updateuserstatus').at(-1)?.body).toMatchObject({
        status: 'Pre-Active',
        confirmed: true,
      }),
    );
  });

  it('asks a consumer-center admin for the archive reason first', async () => {
    const consumerAdmin = sessionUser({
      role: 7,
      client: null,
      center: { ...admin.center, id: 111, consumerSite: true },
    });
    const { requests } = renderPage(
      <ModalsProvider>
        <ViewClientPage />
      </ModalsProvider>,
      {
        route: '/viewclient',
        api: {
          me: ok(consumerAdmin),
          getallusers: ok({ rows: [row({ status: 'Pre-Active' })], count: 1 }),
          updateuserstatus: ok({ userId: 50, status: 'Archived', followers: [] }),
        },
      },
    );
    await screen.findByText('ivy@x.test');
    fireEvent.change(statusSelect('Ivy Parent'), { target: { value: 'Archived' } });
    const reason = await screen.findByRole('textbox', { name: /Archive Reason/ });
    fireEvent.change(reason, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText(USERS_MSG.ARCHIVE_REASON_REQUIRED)).toBeTruthy();
    expect(requests.some((r) => r.name === 'updateuserstatus')).toBe(false);
    fireEvent.change(reason, { target: { value: 'Moved away' } });
    fireEvent.click(screen.getByRole('button', { name: 'Archive' }));
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'updateuserstatus')?.body).toMatchObject({
        status: 'Archived',
        archiveReason: 'Moved away',
      }),
    );
  });

  it('sends the filters with the list and the CSV export', async () => {
    const { requests } = renderPage(<ViewClientPage />, {
      route: '/viewclient/Archived/9',
      path: '/viewclient/:filter?/:type?/:search?',
      api: {
        me: ok(admin),
        getallusers: ok({ rows: [], count: 0 }),
        getalluserscsv: {
          body: 'User Id',
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="users.csv"' },
        },
      },
    });
    await screen.findByText('No data found.');
    const listed = requests.find((r) => r.name === 'getallusers')?.body;
    expect(listed).toMatchObject({ user_status: 'Archived', user_type_id: 9, sort: 'name' });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(requests.find((r) => r.name === 'getalluserscsv')?.body).toEqual(listed));
  });
});

describe('ViewClientPage for a case manager', () => {
  it("lists 'My IPs' on request and invites an intended parent from a dialog", async () => {
    const manager = sessionUser({ userId: 3, role: 6, client: null });
    const { requests } = renderPage(
      <ModalsProvider>
        <ViewClientPage />
      </ModalsProvider>,
      {
        route: '/viewclient',
        api: {
          me: ok(manager),
          getallusers: ok({ rows: [], count: 0 }),
          inviteuser: ok({ userId: 70 }, MSG.INVITE_SENT),
        },
      },
    );
    fireEvent.click(await screen.findByRole('radio', { name: 'My IPs' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.name === 'getallusers').at(-1)?.body).toMatchObject({ scope: 'my' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    fireEvent.click(within(dialog).getByRole('combobox', { name: /User type/ }));
    await screen.findByRole('option', { name: 'Donor', hidden: true });
    expect(screen.queryByRole('option', { name: 'Case Manager', hidden: true })).toBeNull();
    fireEvent.click(screen.getByRole('option', { name: 'Intended Parent', hidden: true }));
    const fill = (label: RegExp, value: string) =>
      fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
    fill(/^Email/, 'new.ip@x.test');
    fill(/^First name/, 'New');
    fill(/^Last name/, 'Parent');
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'inviteuser')?.body).toEqual({
        username: 'new.ip@x.test',
        userType: 9,
        firstname: 'New',
        lastname: 'Parent',
      }),
    );
  });
});

describe('AddClientPage', () => {
  it('offers the master admin only Agency Admin and needs the agency', async () => {
    const { requests } = renderPage(<AddClientPage />, {
      route: '/addclient',
      api: { me: ok(master), getcenters: ok([{ centerId: 85, name: 'Hatch Fertility' }]) },
    });
    const type = (await screen.findByRole('combobox', { name: /User type/ })) as HTMLInputElement;
    await waitFor(() => expect(type.value).toBe('Agency Admin'));
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Please select Agency')).toBeTruthy();
    expect(requests.some((r) => r.name === 'inviteuser')).toBe(false);
  });

  it('refuses a username equal to the name, then shows the server refusal', async () => {
    const { requests } = renderPage(<AddClientPage />, {
      route: '/addclient/6',
      path: '/addclient/:addusertype?',
      api: {
        me: ok(admin),
        getcasemanagerlist: ok([]),
        inviteuser: fail(400, MSG.USERNAME_EXISTS),
      },
    });
    await screen.findByRole('heading', { name: 'Invite user' });
    const fill = (label: RegExp, value: string) =>
      fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
    fill(/^Email/, 'same@x.test');
    fill(/^First name/, 'same@x.test');
    fill(/^Last name/, 'B');
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: /User type/ }) as HTMLInputElement).value).toBe(
        'Case Manager',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText(USERS_MSG.USERNAME_SAME_AS_NAME)).toBeTruthy();
    fill(/^First name/, 'Casey');
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText(MSG.USERNAME_EXISTS)).toBeTruthy();
    expect(requests.find((r) => r.name === 'inviteuser')?.body).toEqual({
      username: 'same@x.test',
      userType: 6,
      firstname: 'Casey',
      lastname: 'B',
    });
  });
});

describe('AssignClientPage', () => {
  it('assigns the ticked clients to the chosen manager', async () => {
    const { requests } = renderPage(<AssignClientPage />, {
      route: '/assignclient',
      api: {
        me: ok(admin),
        getcasemanagerlist: ok([{ userId: 3, name: 'Casey Manager', role: 6 }]),
        getclientstobeassign: ok({
          rows: [row({ userId: 51 }), row({ userId: 52, firstName: 'Bo' })],
          count: 2,
        }),
        assignclienttomanager: ok({ assigned: 1 }, USERS_MSG.CLIENTS_ASSIGNED),
      },
    });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Bo Parent' }));
    fireEvent.click(screen.getByRole('combobox', { name: 'Case manager' }));
    fireEvent.click(
      await screen.findByRole('option', { name: 'Casey Manager (Case Manager)', hidden: true }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Assign selected' }));
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'assignclienttomanager')?.body).toEqual({
        manager_id: 3,
        clients: [52],
      }),
    );
    expect(requests.find((r) => r.name === 'getclientstobeassign')?.body).toMatchObject({
      scope: 'unassigned',
    });
  });
});

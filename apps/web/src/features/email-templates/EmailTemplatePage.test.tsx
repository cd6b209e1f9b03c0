import { type ConnectionInfo, type EmailDefinition, MSG } from '@dm/shared';
import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderPage, type StubRequest, sessionUser } from '../../test/render';
import EmailTemplatePage from './EmailTemplatePage';
import TestConnectionPage from './TestConnectionPage';

const admin = sessionUser({ userId: 2, username: 'admin@demo.test', role: 7, client: null });
const master = sessionUser({ userId: 1, username: 'master@demo.test', role: 1, client: null });

const TYPES = [
  { id: 1, title: 'Reset Password', placeholders: ['{recipient}', '{link}', '{organization}'] },
  { id: 5, title: 'Invite Donor', placeholders: ['{recipient}', '{link}', '{sender}', '{organization}'] },
];

const definition = (over: Partial<EmailDefinition> = {}): EmailDefinition => ({
  id: null,
  centerId: 1,
  emailTypeId: 5,
  title: 'Invite Donor',
  subject: 'Complete your application',
  definition: '<p>Dear {recipient}</p>',
  signature: 'Kind regards,<br>{organization}',
  placeholders: TYPES[1]!.placeholders,
  exist: false,
  updatedAt: null,
  ...over,
});

async function choose(label: string, option: string) {
  fireEvent.click(await screen.findByRole('combobox', { name: new RegExp(`^${label}`) }));
  // happy-dom does not run the dropdown's opening transition; the option is there but hidden.
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

describe('EmailTemplatePage', () => {
  it("shows the admin's own agency, the type's wording, and validates with the shared schema", async () => {
    const { requests } = renderPage(
      <ModalsProvider>
        <EmailTemplatePage />
      </ModalsProvider>,
      {
        api: {
          me: ok(admin),
          getemailtypes: ok(TYPES),
          getemaildefinition: ok(definition()),
          addemailtemplate: (r: StubRequest) =>
            ok(definition({ ...(r.body as object), id: 9, exist: true }), MSG.CHANGES_SAVED),
        },
      },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'E-mail templates' })).toBeTruthy();
    // The admin's agency is fixed, once the session has loaded.
    await waitFor(() =>
      expect((screen.getByLabelText('Agency') as HTMLInputElement).value).toBe('Test Agency'),
    );
    await choose('Email type', 'Invite Donor');
    const subject = (await screen.findByRole('textbox', { name: /Subject/ })) as HTMLInputElement;
    expect(subject.value).toBe('Complete your application');
    expect(requests.find((r) => r.name === 'getemaildefinition')?.body).toEqual({ email_type: 5 });

    // Input past 150 characters is refused with the spec's message.
    fireEvent.change(subject, { target: { value: 's'.repeat(151) } });
    expect(subject.value).toBe('Complete your application');
    expect(screen.getByText(MSG.SUBJECT_TOO_LONG)).toBeTruthy();

    const body = screen.getByRole('textbox', { name: /Definition/ });
    fireEvent.change(body, { target: { value: '<p>Hello</p>' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(MSG.DEFINITION_PLACEHOLDER)).toBeTruthy();
    expect(requests.some((r) => r.name === 'addemailtemplate')).toBe(false);

    // A placeholder button inserts into the definition.
    fireEvent.focus(body);
    fireEvent.click(screen.getByRole('button', { name: 'Insert {recipient} into the definition' }));
    await waitFor(() => expect((body as HTMLTextAreaElement).value).toContain('{recipient}'));
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(requests.some((r) => r.name === 'addemailtemplate')).toBe(true));
    expect(requests.find((r) => r.name === 'addemailtemplate')?.body).toMatchObject({
      centerId: 1,
      emailTypeId: 5,
      subject: 'Complete your application',
    });
    expect(await screen.findByRole('button', { name: 'Update' })).toBeTruthy();
  });

  it('asks before deleting a saved template', async () => {
    const { requests } = renderPage(
      <ModalsProvider>
        <EmailTemplatePage />
      </ModalsProvider>,
      {
        api: {
          me: ok(admin),
          getemailtypes: ok(TYPES),
          getemaildefinition: ok(definition({ id: 4, exist: true, updatedAt: '2026-03-01T00:00:00.000Z' })),
          deleteemaildefinition: ok(null, MSG.TEMPLATE_DELETED),
        },
      },
    );
    await choose('Email type', 'Invite Donor');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete email template' });
    expect(within(dialog).getByText(MSG.DELETE_TEMPLATE_CONFIRM)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'deleteemaildefinition')?.body).toEqual({ id: 4 }),
    );
  });

  it('lets the master admin pick the agency', async () => {
    const { requests } = renderPage(<EmailTemplatePage />, {
      api: {
        me: ok(master),
        getcenters: ok([
          { centerId: 1, name: 'Main Agency' },
          { centerId: 85, name: 'Hatch' },
        ]),
        getemailtypes: ok(TYPES),
        getemaildefinition: ok(definition({ centerId: 85 })),
      },
    });
    await choose('Agency', 'Hatch');
    await choose('Email type', 'Reset Password');
    await screen.findByRole('textbox', { name: /Subject/ });
    expect(requests.find((r) => r.name === 'getemaildefinition')?.query.get('center_id')).toBe('85');
  });
});

describe('TestConnectionPage', () => {
  const stored: ConnectionInfo = {
    centerId: 1,
    host: 'smtp.example.test',
    port: 587,
    secure: false,
    username: 'mailer',
    hasPassword: true,
    fromEmail: 'donors@example.test',
    fromName: 'Main',
    updatedAt: '2026-03-01T00:00:00.000Z',
  };

  it('fills the stored connection without the password, saves and tests it', async () => {
    const { requests } = renderPage(<TestConnectionPage />, {
      api: {
        me: ok(admin),
        gettestconnection: ok(stored),
        updatetestconnection: ok(stored, MSG.CONNECTION_SAVED),
        testconnection: {
          status: 400,
          body: {
            status: 'error',
            message: `${MSG.CONNECTION_FAILED} the host name could not be found.`,
            data: null,
          },
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'E-mail connection' })).toBeTruthy();
    const host = (await screen.findByRole('textbox', { name: /Host/ })) as HTMLInputElement;
    expect(host.value).toBe('smtp.example.test');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');

    fireEvent.change(host, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter Host')).toBeTruthy();

    fireEvent.change(host, { target: { value: 'smtp2.example.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'updatetestconnection')?.body).toMatchObject({
        centerId: 1,
        host: 'smtp2.example.test',
        port: 587,
        password: '',
      }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect((await screen.findByRole('alert')).textContent).toContain('the host name could not be found.');
  });
});

import { AGENCY_API_MSG, type ApiKeyRow, type WebhookDeliveryRow, type WebhookRow } from '@dm/shared';
import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderPage, type StubRequest, sessionUser } from '../../test/render';
import ApiKeysPage from './ApiKeysPage';
import WebhooksPage from './WebhooksPage';

const admin = sessionUser({ userId: 2, username: 'admin@demo.test', role: 7, client: null });

const key = (over: Partial<ApiKeyRow> = {}): ApiKeyRow => ({
  id: 5,
  center_id: 1,
  name: 'CRM sync',
  scope: 'read',
  hint: 'dmk_5_ab12',
  created_at: '2026-11-01T10:00:00.000Z',
  created_by: 'admin@demo.test',
  last_used_at: null,
  revoked_at: null,
  ...over,
});

const hook = (over: Partial<WebhookRow> = {}): WebhookRow => ({
  id: 3,
  center_id: 1,
  url: 'https://crm.example.org/hook',
  events: ['match.requested'],
  created_at: '2026-11-01T10:00:00.000Z',
  delivered: 2,
  failed: 1,
  pending: 0,
  ...over,
});

describe('ApiKeysPage', () => {
  it('lists the keys, refuses a blank name, creates a key and shows its secret once', async () => {
    const created: unknown[] = [];
    let keys = [key({ id: 4, name: 'Old tool', scope: 'write', revoked_at: '2026-11-02T10:00:00.000Z' })];
    const { requests } = renderPage(
      <ModalsProvider>
        <ApiKeysPage />
      </ModalsProvider>,
      {
        api: {
          me: ok(admin),
          apikeys: (req: StubRequest) => {
            if (req.method === 'GET') return ok(keys);
            created.push(req.body);
            const row = key({ id: 6, name: 'Reports', scope: 'write' });
            keys = [...keys, row];
            return ok({ key: row, secret: 'dmk_6_the-secret-shown-once' }, AGENCY_API_MSG.KEY_CREATED);
          },
        },
      },
    );
    const table = await screen.findByRole('table', { name: 'API keys' }, { timeout: 5000 });
    const old = within(table).getByRole('rowheader', { name: 'Old tool' }).closest('tr')!;
    expect(within(old).getByText('Read and write')).toBeTruthy();
    expect(within(old).getByText(/^Revoked/)).toBeTruthy();
    // A revoked key offers no action.
    expect(within(old).queryByRole('button')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText(AGENCY_API_MSG.KEY_NAME)).toBeTruthy();
    expect(created).toEqual([]);

    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Reports' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Read and write' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({ name: 'Reports', scope: 'write', center_id: 1 });
    const shown = await screen.findByRole('status', { name: /Your new API key/ });
    expect(within(shown).getByText('dmk_6_the-secret-shown-once')).toBeTruthy();
    expect(await within(table).findByRole('rowheader', { name: 'Reports' })).toBeTruthy();
    // Dismissed, the secret is gone from the page.
    fireEvent.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByText('dmk_6_the-secret-shown-once')).toBeNull());
    expect(requests.filter((r) => r.name === 'apikeys' && r.method === 'GET').length).toBeGreaterThan(1);
  });

  it('revokes a key after the confirmation', async () => {
    const { requests } = renderPage(
      <ModalsProvider>
        <ApiKeysPage />
      </ModalsProvider>,
      {
        api: {
          me: ok(admin),
          apikeys: ok([key()]),
          'apikeys/5': ok(null, AGENCY_API_MSG.KEY_REVOKED),
        },
      },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke key CRM sync' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the API key' });
    expect(within(dialog).getByText('Tools using "CRM sync" stop working at once.')).toBeTruthy();
    expect(requests.some((r) => r.name === 'apikeys/5')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'apikeys/5')).toMatchObject({ method: 'DELETE' }),
    );
  });
});

describe('WebhooksPage', () => {
  it('refuses an address that is not http(s) and no events, then registers and shows the signing secret', async () => {
    const sent: unknown[] = [];
    renderPage(
      <ModalsProvider>
        <WebhooksPage />
      </ModalsProvider>,
      {
        api: {
          me: ok(admin),
          webhooks: (req: StubRequest) => {
            if (req.method === 'GET') return ok([]);
            sent.push(req.body);
            return ok({ webhook: hook(), secret: 'whsec_signing' }, AGENCY_API_MSG.WEBHOOK_CREATED);
          },
        },
      },
    );
    expect(await screen.findByText('No webhooks yet.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /^URL/ }), { target: { value: 'ftp://x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register webhook' }));
    expect(await screen.findByText(AGENCY_API_MSG.WEBHOOK_URL)).toBeTruthy();
    expect(screen.getByText(AGENCY_API_MSG.WEBHOOK_EVENTS)).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(screen.getByRole('textbox', { name: /^URL/ }), {
      target: { value: 'https://crm.example.org/hook' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'New match requests' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Completed matches' }));
    fireEvent.click(screen.getByRole('button', { name: 'Register webhook' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      url: 'https://crm.example.org/hook',
      events: ['match.requested', 'match.completed'],
      center_id: 1,
    });
    const shown = await screen.findByRole('status', { name: /signing secret/ });
    expect(within(shown).getByText('whsec_signing')).toBeTruthy();
  });

  it("lists a webhook's deliveries with each attempt's outcome", async () => {
    const deliveries: WebhookDeliveryRow[] = [
      {
        id: 1,
        event_id: 'e1',
        event: 'match.requested',
        created_at: '2026-11-03T10:00:00.000Z',
        status: 'delivered',
        attempts: [
          { at: '2026-11-03T10:00:01.000Z', status_code: 500, error: null, duration_ms: 12, excerpt: '' },
          { at: '2026-11-03T10:01:01.000Z', status_code: 204, error: null, duration_ms: 9, excerpt: '' },
        ],
      },
      {
        id: 2,
        event_id: 'e2',
        event: 'match.requested',
        created_at: '2026-11-03T11:00:00.000Z',
        status: 'failed',
        attempts: [
          {
            at: '2026-11-03T11:00:01.000Z',
            status_code: null,
            error: 'connection refused',
            duration_ms: 3,
            excerpt: '',
          },
        ],
      },
    ];
    renderPage(
      <ModalsProvider>
        <WebhooksPage />
      </ModalsProvider>,
      { api: { me: ok(admin), webhooks: ok([hook()]), 'webhooks/3/deliveries': ok(deliveries) } },
    );
    const row = (await screen.findByRole('rowheader', { name: 'https://crm.example.org/hook' })).closest(
      'tr',
    )!;
    expect(within(row).getByText('2 / 1 / 0')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Deliveries to https://crm.example.org/hook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deliveries to https://crm.example.org/hook' });
    expect(await within(dialog).findByText('HTTP 204')).toBeTruthy();
    expect(within(dialog).getByText('connection refused')).toBeTruthy();
    expect(within(dialog).getAllByText(/: 500 in 12 ms$/)).toHaveLength(1);
  });
});

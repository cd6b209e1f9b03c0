import { HEALTH_STATE, MSG } from '@dm/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok, renderPage } from '../../test/render';
import HealthCheckPage from './HealthCheckPage';

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

const healthy = {
  healthcheckauthenticate: ok(null),
  checkdatabase: ok({ state: HEALTH_STATE.CONNECTED, latencyMs: 1.2 }),
  checkspace: ok({
    state: HEALTH_STATE.CALCULATED,
    freeBytes: 50 * 1024 ** 3,
    totalBytes: 100 * 1024 ** 3,
    usedPercent: 50,
  }),
  checkjobs: ok({
    state: HEALTH_STATE.RUNNING,
    jobs: [
      {
        job: 'mail-delivery',
        lastRunAt: '2026-11-23T05:00:00.000Z',
        lastOkAt: '2026-11-23T05:00:00.000Z',
        lastFailedAt: null,
      },
    ],
  }),
};

describe('HealthCheckPage', () => {
  it('asks for both fields before calling the server', async () => {
    const { requests } = renderPage(<HealthCheckPage />, { api: healthy });
    fireEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter username')).toBeTruthy();
    expect(screen.getByText('Please enter password')).toBeTruthy();
    expect(requests.some((r) => r.name === 'healthcheckauthenticate')).toBe(false);
  });

  it("shows the server's message for wrong credentials", async () => {
    renderPage(<HealthCheckPage />, {
      api: { ...healthy, healthcheckauthenticate: fail(400, MSG.HEALTH_LOGIN_FAILED) },
    });
    fill('Username', 'health');
    fill('Password', 'nope');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.HEALTH_LOGIN_FAILED);
  });

  it('logs in, shows each state, sends the credentials with every check, and shows a failed one', async () => {
    const { requests } = renderPage(<HealthCheckPage />, {
      api: { ...healthy, checkjobs: ok({ state: HEALTH_STATE.NOT_RUNNING, jobs: [] }) },
    });
    fill('Username', 'health');
    fill('Password', 'Health!2345');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const table = await screen.findByRole('table', { name: 'Server health' });
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(`^${name}`) });
    await waitFor(() => expect(within(row('Database')).getByText(HEALTH_STATE.CONNECTED)).toBeTruthy());
    expect(within(row('Disk space')).getByText('50.0 GB free of 100.0 GB (50% used)')).toBeTruthy();
    expect(within(row('Job runner')).getByText(HEALTH_STATE.NOT_RUNNING)).toBeTruthy();
    for (const name of ['checkdatabase', 'checkspace', 'checkjobs'])
      expect(requests.find((r) => r.name === name)?.body).toEqual({
        username: 'health',
        password: 'Health!2345',
      });
    expect((screen.queryByLabelText('Password') as HTMLInputElement | null)?.value ?? '').toBe('');
  });
});

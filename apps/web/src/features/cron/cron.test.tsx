import type { CronRunPage, CronRunRow } from '@dm/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderPage, type StubRequest, sessionUser } from '../../test/render';
import CronJobPage from './CronJobPage';
import CronTablePage from './CronTablePage';

const master = sessionUser({ userId: 1, username: 'master@demo.test', role: 1, client: null });
const admin = sessionUser({ userId: 2, username: 'admin@demo.test', role: 7, client: null });

const run = (id: number, status: CronRunRow['status'] = 'success'): CronRunRow => ({
  id,
  job: 'donor-import',
  name: 'Donor import',
  center_id: 1,
  center_name: 'Main Agency',
  status,
  processed: 3,
  error: status === 'failed' ? 'the server refused the connection (check host and port).' : null,
  started_at: '2026-11-01T10:00:00.000Z',
  finished_at: '2026-11-01T10:00:02.000Z',
});

describe('CronJobPage', () => {
  it('shows the jobs with their heartbeat and the run counts, per center for the master admin', async () => {
    const { requests } = renderPage(<CronJobPage />, {
      route: '/cronjob',
      api: {
        me: ok(master),
        'centerlist/all': ok([{ center_id: 85, name: 'Hatch Fertility', runs: 4 }]),
        'getcroncount/0': ok({ center_id: 0, total: 9, running: 1, success: 6, failed: 2 }),
        'getcroncount/85': ok({ center_id: 85, total: 4, running: 0, success: 3, failed: 1 }),
        'crondata/all': ok([
          {
            job: 'mail-delivery',
            name: 'E-mail delivery',
            description: 'Sends queued e-mails.',
            everySeconds: 5,
            lastRunAt: '2026-11-01T10:00:00.000Z',
            lastOkAt: '2026-11-01T10:00:00.000Z',
            lastFailedAt: null,
            runs: 5,
          },
          {
            job: 'db-maintenance',
            name: 'Database maintenance',
            description: 'Vacuums and analyzes the busiest tables of the embedded database.',
            everySeconds: 300,
            lastRunAt: '2026-11-01T10:00:00.000Z',
            lastOkAt: '2026-11-01T10:00:00.000Z',
            lastFailedAt: null,
            runs: 2,
          },
        ]),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Scheduled jobs' })).toBeTruthy();
    expect(await screen.findByText('E-mail delivery')).toBeTruthy();
    const maintenance = screen.getByText('Database maintenance').closest('tr')!;
    expect(maintenance.textContent).toContain('5 min');
    expect(screen.getByText('E-mail delivery').closest('tr')!.textContent).toContain('5 s');
    const failed = await screen.findByRole('link', { name: 'Failed runs: 2' });
    expect(failed.getAttribute('href')).toBe('/crontable/failed');
    fireEvent.click(screen.getByRole('combobox', { name: 'Center' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Hatch Fertility', hidden: true }));
    expect(await screen.findByRole('link', { name: 'Failed runs: 1' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Failed runs: 1' }).getAttribute('href')).toBe(
      '/crontable/failed?center=85',
    );
    expect(requests.some((r) => r.name === 'getcroncount/85')).toBe(true);
  });

  it('gives an agency admin no center choice', async () => {
    renderPage(<CronJobPage />, {
      route: '/cronjob',
      api: {
        me: ok(admin),
        'getcroncount/0': ok({ center_id: 1, total: 1, running: 0, success: 1, failed: 0 }),
        'crondata/all': ok([]),
      },
    });
    expect(await screen.findByRole('link', { name: 'Succeeded runs: 1' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Center' })).toBeNull();
  });
});

describe('CronTablePage', () => {
  it('loads 25 runs, then more from entryUpto', async () => {
    const first: CronRunPage = {
      rows: Array.from({ length: 25 }, (_, i) => run(i + 1)),
      total: 27,
      entryUpto: 25,
    };
    const second: CronRunPage = { rows: [run(26, 'failed'), run(27)], total: 27, entryUpto: 27 };
    const { requests } = renderPage(<CronTablePage />, {
      route: '/crontable/all',
      path: '/crontable/:status?',
      api: {
        me: ok(master),
        'centerlist/all': ok([]),
        getcrondetails: (r: StubRequest) => ok((r.body as { from: number }).from === 0 ? first : second),
      },
    });
    expect(await screen.findByText('25 of 27 runs')).toBeTruthy();
    expect(requests.find((r) => r.name === 'getcrondetails')?.body).toEqual({
      center_id: 0,
      status: 'all',
      from: 0,
      to: 25,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Show more runs' }));
    expect(await screen.findByText('27 of 27 runs')).toBeTruthy();
    expect(requests.filter((r) => r.name === 'getcrondetails')[1]?.body).toMatchObject({ from: 25, to: 25 });
    expect(screen.getByText('the server refused the connection (check host and port).')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more runs' })).toBeNull();
  });

  it('filters by the status in the route and by center', async () => {
    const { requests } = renderPage(<CronTablePage />, {
      route: '/crontable/failed?center=85',
      path: '/crontable/:status?',
      api: {
        me: ok(master),
        'centerlist/failed': ok([{ center_id: 85, name: 'Hatch Fertility', runs: 1 }]),
        getcrondetails: ok({ rows: [run(1, 'failed')], total: 1, entryUpto: 1 }),
      },
    });
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'getcrondetails')?.body).toMatchObject({
        center_id: 85,
        status: 'failed',
      }),
    );
    expect(await screen.findByText('Failed', { selector: '.mantine-Badge-label' })).toBeTruthy();
  });
});

import type { DexiRun } from '@dm/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderPage, sessionUser } from '../../test/render';
import DexiPage from './DexiPage';

const master = sessionUser({ userId: 1, username: 'master@demo.test', role: 1, client: null });
const run = (over: Partial<DexiRun>): DexiRun => ({
  id: 1,
  centerId: 85,
  centerName: 'Hatch Fertility',
  source: 'folder',
  status: 'done',
  startedBy: 'Morgan Master',
  fileNames: ['general.csv'],
  rowsRead: 12,
  created: 2,
  updated: 1,
  rejected: [{ file: 'general.csv', row: 3, donorKey: 'BAD-1', reason: 'Invalid Email address' }],
  error: null,
  createdAt: '2030-01-02T10:00:00.000Z',
  finishedAt: '2030-01-02T10:01:00.000Z',
  ...over,
});

describe('DexiPage', () => {
  it('lists the runs with their counts, shows rejected rows and starts a run for the chosen agency', async () => {
    const { requests } = renderPage(<DexiPage />, {
      route: '/dexi',
      api: {
        me: ok(master),
        getcenters: ok([{ centerId: 85, name: 'Hatch Fertility' }]),
        'dexiruns/0': ok([
          run({}),
          run({
            id: 2,
            status: 'failed',
            rowsRead: 0,
            created: 0,
            updated: 0,
            rejected: [],
            error: 'The source has no export files.',
          }),
        ]),
        'dexiruns/85': ok([run({})]),
        'dexisource/85': ok({
          centerId: 85,
          kind: 'folder',
          url: '',
          hasApiKey: false,
          folder: 'DATA_DIR/dexi/85/',
        }),
        executedexirun: ok(run({ id: 3, status: 'queued' })),
      },
    });
    const table = await screen.findByRole('table', { name: 'External data runs' });
    expect(await within(table).findByText('The source has no export files.')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Rejected rows of run 1' }));
    expect(await screen.findByText(/general.csv, row 3 \(BAD-1\): Invalid Email address/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));

    expect(screen.getByRole('button', { name: 'Start run' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('combobox', { name: 'Agency' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Hatch Fertility' }));
    expect(await screen.findByText('DATA_DIR/dexi/85/')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start run' }));
    await waitFor(() =>
      expect(requests.find((r) => r.name === 'executedexirun')?.body).toEqual({ center_id: 85 }),
    );
  });
});

import { compareCarrierPanels, type ParentPanelsData } from '@dm/shared';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderPage, type StubRequest, sessionUser } from '../../test/render';
import { CarrierCompatibilityLine, carriedOf, genesOf } from './CarrierPanel';
import CarrierScreeningPage from './CarrierScreeningPage';

const parent = sessionUser({ userId: 10, role: 9 });
const empty: ParentPanelsData = { userId: 10, self: null, sperm_source: null };

describe('carrier panel boxes', () => {
  it('reads genes separated by commas, spaces and lines; carried genes one a line with the variant', () => {
    expect(genesOf(' CFTR, HBB;SMN1\nGJB2 ')).toEqual(['CFTR', 'HBB', 'SMN1', 'GJB2']);
    expect(carriedOf('CFTR c.1521_1523delCTT\n\nHBB\n')).toEqual([
      { gene: 'CFTR', variant: 'c.1521_1523delCTT' },
      { gene: 'HBB', variant: null },
    ]);
  });

  it('names the shared genes and the unknowns', () => {
    const c = compareCarrierPanels(
      { tested: ['CFTR', 'SMN1'], carried: ['CFTR'] },
      { tested: ['CFTR'], carried: ['CFTR'] },
    );
    render(
      <MantineProvider>
        <CarrierCompatibilityLine comparison={c} />
      </MantineProvider>,
    );
    expect(screen.getByText('Shared carrier genes: CFTR')).toBeTruthy();
    expect(screen.getByText('1 gene tested on one side only, not known')).toBeTruthy();
  });
});

describe('CarrierScreeningPage', () => {
  it("the parent enters her own results; the form sends the panel's genes", async () => {
    const sent: unknown[] = [];
    renderPage(<CarrierScreeningPage />, {
      route: '/carrierscreening',
      path: '/carrierscreening/:id?',
      api: {
        me: ok(parent),
        'parentcarrierpanel/10': (req: StubRequest) => {
          if (req.method === 'GET') return ok(empty);
          sent.push(req.body);
          return ok({
            ...empty,
            self: {
              lab: 'Genelab',
              panelName: 'P',
              testDate: '2025-01-01',
              tested: ['CFTR', 'HBB'],
              carried: [{ gene: 'CFTR', variant: null }],
              updatedAt: '2025-01-02T00:00:00.000Z',
            },
          });
        },
      } as never,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'My carrier screening' })).toBeTruthy();
    const mine = await screen.findByRole('region', { name: 'My results' });
    fireEvent.click(within(mine).getByRole('button', { name: 'Enter my results' }));
    fireEvent.change(within(mine).getByLabelText(/^Lab/), { target: { value: 'Genelab' } });
    fireEvent.change(within(mine).getByLabelText(/^Panel name/), { target: { value: 'P' } });
    fireEvent.change(within(mine).getByLabelText(/^Test date/), { target: { value: '2025-01-01' } });
    fireEvent.change(within(mine).getByLabelText(/^Genes tested/), { target: { value: 'CFTR, HBB' } });
    fireEvent.change(within(mine).getByLabelText(/^Genes carried/), { target: { value: 'CFTR' } });
    fireEvent.click(within(mine).getByRole('button', { name: 'Save results' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      kind: 'self',
      panel: {
        lab: 'Genelab',
        panelName: 'P',
        testDate: '2025-01-01',
        tested: ['CFTR', 'HBB'],
        carried: [{ gene: 'CFTR', variant: null }],
      },
    });
    expect(await within(mine).findByText('CFTR')).toBeTruthy();
  });

  it("the parent imports the sperm source's lab CSV; the file's text is sent with the panel's facts", async () => {
    const sent: unknown[] = [];
    const csv = 'gene,carrier,variant\nSMN1,yes,\nHBB,no,\n';
    renderPage(<CarrierScreeningPage />, {
      route: '/carrierscreening',
      path: '/carrierscreening/:id?',
      api: {
        me: ok(parent),
        'parentcarrierpanel/10': ok(empty),
        'parentcarrierpanel/10/import': (req: StubRequest) => {
          sent.push(req.body);
          return ok({
            ...empty,
            sperm_source: {
              lab: 'Genelab',
              panelName: 'P',
              testDate: '2025-01-01',
              tested: ['HBB', 'SMN1'],
              carried: [{ gene: 'SMN1', variant: null }],
              updatedAt: '2025-01-02T00:00:00.000Z',
            },
          });
        },
      } as never,
    });
    const source = await screen.findByRole('region', { name: "Sperm source's results" });
    fireEvent.click(within(source).getByRole('button', { name: "Import lab CSV: Sperm source's results" }));
    const form = within(source).getByRole('form', { name: "Import the lab CSV of sperm source's results" });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Lab/ }), { target: { value: 'Genelab' } });
    fireEvent.change(within(form).getByLabelText(/^Panel name/), { target: { value: 'P' } });
    fireEvent.change(within(form).getByLabelText(/^Test date/), { target: { value: '2025-01-01' } });
    const file = new File([csv], 'lab.csv', { type: 'text/csv' });
    // Mantine's FileInput is a button over a hidden file input: the file goes to the input.
    const fileInput = form.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(fileInput, { target: { files: [file] } });
    fireEvent.click(await within(form).findByRole('button', { name: 'Import' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      kind: 'sperm_source',
      lab: 'Genelab',
      panelName: 'P',
      testDate: '2025-01-01',
      csv,
    });
    expect(await within(source).findByText('SMN1')).toBeTruthy();
  });
});

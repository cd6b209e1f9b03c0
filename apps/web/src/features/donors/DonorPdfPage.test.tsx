import { type DonorPdf, MSG } from '@dm/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, renderPage, type StubRoutes, sessionUser } from '../../test/render';
import DonorPdfPage from './DonorPdfPage';

const manager = sessionUser({ userId: 3, username: 'manager@demo.test', role: 6, client: null });
const answer: DonorPdf = {
  fileName: 'donor-D-42.pdf',
  contentType: 'application/pdf',
  pdf: btoa('%PDF-1.7\n%%EOF\n'),
  images: 2,
};

const page = (api: StubRoutes) =>
  renderPage(<DonorPdfPage />, { route: '/pdfpreview/42/6', path: '/pdfpreview/:id/:usertypeid?', api });

let blobs: Blob[];
beforeEach(() => {
  blobs = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return `blob:test/${blobs.length}`;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('DonorPdfPage', () => {
  it('shows the PDF in a titled frame with a download named by the display id', async () => {
    const { requests } = page({ me: ok(manager), getpdffromhtml: ok(answer) });
    expect(screen.getByRole('heading', { level: 1, name: 'Donor PDF' })).toBeTruthy();
    const frame = await screen.findByTitle('Donor D-42 profile (PDF)');
    expect(frame.getAttribute('data')).toBe('blob:test/1');
    expect(frame.getAttribute('type')).toBe('application/pdf');
    const download = screen.getByRole('link', { name: 'Download' });
    expect(download.getAttribute('href')).toBe('blob:test/1');
    expect(download.getAttribute('download')).toBe('donor-D-42.pdf');
    expect(screen.getByText('Donor ID D-42')).toBeTruthy();
    const call = requests.find((r) => r.name === 'getpdffromhtml');
    expect(call?.method).toBe('POST');
    expect(call?.body).toEqual({ id: 42, usertypeid: 6, globals: {} });
    expect(blobs[0]?.type).toBe('application/pdf');
    expect(new TextDecoder().decode(await blobs[0]!.arrayBuffer())).toMatch(/^%PDF-/);
  });

  it('shows the loader while the PDF is being made', async () => {
    page({ me: ok(manager), getpdffromhtml: ok(answer) });
    // The PDF request never answers (the session request still does).
    const stubbed = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes('getpdffromhtml') ? new Promise<Response>(() => {}) : stubbed(input, init),
    );
    expect(await screen.findByLabelText('Creating the PDF')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download' })).toBeNull();
  });

  it('shows the failed state with the reason, and retries', async () => {
    let calls = 0;
    page({
      me: ok(manager),
      getpdffromhtml: () => (++calls === 1 ? fail(404, MSG.NOT_FOUND) : ok(answer)),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MSG.PDF_FAILED);
    expect(alert.textContent).toContain(MSG.NOT_FOUND);
    expect(screen.queryByTitle('Donor D-42 profile (PDF)')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByTitle('Donor D-42 profile (PDF)')).toBeTruthy());
    expect(calls).toBe(2);
  });
});

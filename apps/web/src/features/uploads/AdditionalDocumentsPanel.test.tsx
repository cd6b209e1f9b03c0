import { UPLOAD_MSG } from '@dm/shared';
import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok, renderPage, type StubRequest, sessionUser } from '../../test/render';
import { AdditionalDocumentsPanel } from './AdditionalDocumentsPanel';

const admin = sessionUser({ userId: 2, username: 'admin@demo.test', role: 7, client: null });
const doc = {
  id: 4,
  url: '/api/donorfile/additional/4',
  title: 'report.pdf',
  contentType: 'application/pdf',
  private: false,
  isDefault: false,
  kind: 'DOC',
};

function renderPanel(api: Record<string, unknown>) {
  return renderPage(
    <ModalsProvider>
      <AdditionalDocumentsPanel donorId={9} files={[doc]} />
    </ModalsProvider>,
    { api: { me: ok(admin), ...(api as object) } },
  );
}

describe('AdditionalDocumentsPanel', () => {
  it('asks for a file, then uploads the kind chosen and lists the files refused', async () => {
    let sent: StubRequest | null = null;
    renderPanel({
      uploadadditionaldoc: (r: StubRequest) => {
        sent = r;
        return ok(
          { uploaded: [], failed: [{ name: 'b.png', message: UPLOAD_MSG.INVALID_FORMAT }] },
          UPLOAD_MSG.someFailed(1),
        );
      },
    });
    expect(screen.getByText('1 of 2 documents uploaded.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect((await screen.findByRole('alert')).textContent).toBe(UPLOAD_MSG.SELECT_FILE);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Visible to intended parents' }));
    fireEvent.change(screen.getByLabelText('Choose documents'), {
      target: { files: [new File(['%PDF'], 'a.pdf'), new File(['x'], 'b.png')] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText(`b.png: ${UPLOAD_MSG.INVALID_FORMAT}`)).toBeTruthy();
    expect(sent!.query.get('donor_id')).toBe('9');
    expect(sent!.query.get('fileType')).toBe('DOC');
    const form = sent!.body as FormData;
    expect(form.get('is_public')).toBe('false');
    expect((form.getAll('file') as File[]).map((f) => f.name)).toEqual(['a.pdf', 'b.png']);
  });

  it('shows the failures of an upload where every file was refused', async () => {
    renderPanel({
      uploadadditionaldoc: fail(400, UPLOAD_MSG.total(2), {
        uploaded: [],
        failed: [{ name: 'c.pdf', message: UPLOAD_MSG.total(2) }],
      }),
    });
    fireEvent.change(screen.getByLabelText('Choose documents'), {
      target: { files: [new File(['%PDF'], 'c.pdf')] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText(`c.pdf: ${UPLOAD_MSG.total(2)}`)).toBeTruthy();
  });

  it('hides a file from intended parents and deletes one after confirming', async () => {
    const { requests } = renderPanel({
      changepublicadditionaldoc: ok(null),
      deleteadditionaldocument: ok(null),
    });
    fireEvent.click(screen.getByLabelText('Visible to intended parents (report.pdf)'));
    fireEvent.click(screen.getByRole('button', { name: 'Delete report.pdf' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(requests.some((r) => r.name === 'deleteadditionaldocument')).toBe(true));
    expect(requests.find((r) => r.name === 'changepublicadditionaldoc')!.body).toEqual({
      doc_id: 4,
      is_public: false,
    });
    expect(requests.find((r) => r.name === 'deleteadditionaldocument')!.body).toEqual({ doc_id: 4 });
  });
});

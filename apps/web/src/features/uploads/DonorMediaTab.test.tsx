import {
  type DonorMedia,
  MAX_DOCUMENTS,
  MAX_IMAGES,
  MAX_IMAGES_PER_SELECTION,
  MAX_VIDEOS,
  type MediaFile,
  UPLOAD_MSG,
  VIDEO_CHUNK_BYTES,
  type VideoUploadState,
} from '@dm/shared';
import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { fail, ok, renderPage, type StubRequest, sessionUser } from '../../test/render';
import { uploadFailure } from './checks';
import { DonorMediaTab } from './DonorMediaTab';
import { cropBox, type ImageEdit, imageEditing, renderEditedImage } from './ImageEditorDialog';
import { sendVideo } from './queries';

const file = (id: number, over: Partial<MediaFile> = {}): MediaFile => ({
  id,
  url: `/api/donorfile/picture/${id}`,
  name: `file${id}`,
  caption: null,
  contentType: 'image/png',
  sizeBytes: 100,
  private: false,
  isDefault: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  ...over,
});

const media = (over: Partial<DonorMedia> = {}): DonorMedia => ({
  donorId: 7,
  pictures: [],
  videos: [],
  videoUploads: [],
  documents: [],
  covidDocument: null,
  imageGuidelinesAccepted: true,
  lastVisitedAt: null,
  ...over,
});

const donor = sessionUser({ userId: 7, username: 'donor@demo.test', role: 2, client: null });

const manager = sessionUser({ userId: 3, username: 'manager@demo.test', role: 6, client: null });

function renderTab(data: DonorMedia, api: Record<string, unknown> = {}, readOnly = false, user = donor) {
  return renderPage(
    <ModalsProvider>
      <DonorMediaTab donorId={7} readOnly={readOnly} />
    </ModalsProvider>,
    { api: { me: ok(user), 'donormedia/7': ok(data), ...(api as object) } },
  );
}

const pick = (label: string | RegExp, files: File[]) =>
  fireEvent.change(screen.getByLabelText(label), { target: { files } });
const sized = (name: string, size: number) => {
  const f = new File(['x'], name);
  Object.defineProperty(f, 'size', { value: size });
  return f;
};
const png = (name = 'a.png') =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
const alertText = async () => (await screen.findByRole('alert')).textContent;

afterEach(() => {
  for (const key of ['scrollHeight', 'clientHeight'] as const) {
    delete (HTMLElement.prototype as unknown as Record<string, unknown>)[key];
  }
});

describe('DonorMediaTab: photos', () => {
  it('asks for a profile picture, and keeps photos closed until the guidelines are read to the end', async () => {
    Object.defineProperty(HTMLElement.prototype, 'scrollHeight', { configurable: true, get: () => 2000 });
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 300 });
    const { requests } = renderTab(media({ imageGuidelinesAccepted: false }), {
      updateimageguidelinesflag: ok(null),
    });
    expect(await screen.findByText(UPLOAD_MSG.SELECT_PROFILE_PICTURE)).toBeTruthy();
    expect((screen.getByLabelText('Add photos') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Image guidelines' }));
    const dialog = await screen.findByRole('dialog', { name: 'Image guidelines' });
    const accept = within(dialog).getByRole('button', { name: 'I accept' }) as HTMLButtonElement;
    expect(accept.disabled).toBe(true);
    const text = within(dialog).getByTestId('image-guidelines-text');
    // 2000 - 1400 - 300 = 300 px from the end: not yet.
    text.scrollTop = 1400;
    fireEvent.scroll(text);
    expect(accept.disabled).toBe(true);
    // 2000 - 1500 - 300 = 200 px: near enough.
    text.scrollTop = 1500;
    fireEvent.scroll(text);
    await waitFor(() => expect(accept.disabled).toBe(false));
    fireEvent.click(accept);
    await waitFor(() => expect(requests.some((r) => r.name === 'updateimageguidelinesflag')).toBe(true));
    expect(requests.find((r) => r.name === 'updateimageguidelinesflag')!.body).toEqual({ donor_id: 7 });
    await waitFor(() =>
      expect((screen.getByLabelText('Add photos') as HTMLInputElement).disabled).toBe(false),
    );
  });

  it('checks a selection: type, size, half the maximum at a time, and the total', async () => {
    const existing = Array.from({ length: MAX_IMAGES - 1 }, (_, i) => file(i + 1));
    renderTab(media({ pictures: existing }));
    await screen.findByText(`Photos (${MAX_IMAGES - 1} of ${MAX_IMAGES})`);
    pick('Add photos', [new File(['%PDF'], 'cv.pdf')]);
    expect(await alertText()).toBe(UPLOAD_MSG.onlyImages());
    pick('Add photos', [sized('big.jpg', 20 * 1024 * 1024 + 1)]);
    expect(await alertText()).toBe(UPLOAD_MSG.TOO_BIG);
    pick('Add photos', [sized('empty.png', 0)]);
    expect(await alertText()).toBe(UPLOAD_MSG.INVALID);
    pick(
      'Add photos',
      Array.from({ length: MAX_IMAGES_PER_SELECTION + 1 }, (_, i) => png(`p${i}.png`)),
    );
    expect(await alertText()).toBe(UPLOAD_MSG.perSelection(15));
    pick('Add photos', [png('a.png'), png('b.png')]);
    expect(await alertText()).toBe(UPLOAD_MSG.total(30));
  });

  it('stages a selection with captions and uploads it in one multipart request', async () => {
    let sent: FormData | null = null;
    const { requests } = renderTab(media(), {
      'uploaddonorpic/7': (r: StubRequest) => {
        sent = r.body as FormData;
        return ok([file(50)], UPLOAD_MSG.UPLOADED);
      },
    });
    await screen.findByText('Photos (0 of 30)');
    pick('Add photos', [png('beach.png'), png('home.png')]);
    fireEvent.change(await screen.findByLabelText('Caption for beach.png'), {
      target: { value: 'At the beach' },
    });
    // A second selection before this one is uploaded is refused.
    pick('Add photos', [png('c.png')]);
    expect(await alertText()).toBe(UPLOAD_MSG.UPLOAD_SELECTED_FIRST);
    fireEvent.click(screen.getByRole('button', { name: 'Upload 2 photos' }));
    await waitFor(() => expect(requests.some((r) => r.name === 'uploaddonorpic/7')).toBe(true));
    expect(sent!.getAll('caption')).toEqual(['At the beach', '']);
    expect((sent!.getAll('file') as File[]).map((f) => f.name)).toEqual(['beach.png', 'home.png']);
  });

  it('uploads one photo as the profile picture, refusing none, an empty one or two', async () => {
    let sent: FormData | null = null;
    const { requests } = renderTab(media(), {
      'uploadprofilepic/7/1/2': (r: StubRequest) => {
        sent = r.body as FormData;
        return ok(file(60, { isDefault: true }), UPLOAD_MSG.PROFILE_PICTURE_SET);
      },
    });
    await screen.findByText('Photos (0 of 30)');
    pick('Upload a profile picture', []);
    expect(await alertText()).toBe(UPLOAD_MSG.SELECT_PHOTO);
    pick('Upload a profile picture', [sized('empty.png', 0)]);
    expect(await alertText()).toBe(UPLOAD_MSG.PROFILE_TOO_SMALL);
    pick('Upload a profile picture', [png('a.png'), png('b.png')]);
    expect(await alertText()).toBe(UPLOAD_MSG.perSelection(1));
    expect(requests.some((r) => r.name === 'uploadprofilepic/7/1/2')).toBe(false);
    pick('Upload a profile picture', [png('me.png')]);
    await waitFor(() => expect(requests.some((r) => r.name === 'uploadprofilepic/7/1/2')).toBe(true));
    expect((sent!.getAll('file') as File[]).map((f) => f.name)).toEqual(['me.png']);
  });

  it('changes the profile picture, a caption and privacy, and deletes after confirming', async () => {
    const { requests } = renderTab(
      media({ pictures: [file(1, { isDefault: true }), file(2, { caption: 'Old' })] }),
      {
        updatedonorprofilepic: ok(null),
        updatedonorpiccaption: ok(null),
        donoruploaditemsvisibility: ok(null),
        removedonorpic: ok(null),
      },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Make profile picture: photo 2' }));
    fireEvent.change(screen.getByLabelText('Caption of photo 2'), { target: { value: 'New' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save caption of photo 2' }));
    fireEvent.click(screen.getByLabelText('Private (photo 1)'));
    fireEvent.click(screen.getByRole('button', { name: 'Delete photo 2' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete picture' });
    expect(within(confirm).getByText(UPLOAD_MSG.DELETE_PICTURE_CONFIRM)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(requests.some((r) => r.name === 'removedonorpic')).toBe(true));
    const bodyOf = (name: string) => requests.find((r) => r.name === name)?.body;
    expect(bodyOf('updatedonorprofilepic')).toEqual({ donorId: 7, picId: 2 });
    expect(bodyOf('updatedonorpiccaption')).toEqual({ donorId: 7, picId: 2, caption: 'New' });
    expect(bodyOf('donoruploaditemsvisibility')).toEqual({
      donorId: 7,
      type: 'picture',
      id: 1,
      is_public: false,
    });
    expect(bodyOf('removedonorpic')).toEqual({ donorId: 7, picId: 2 });
  });

  it('marks for staff the photos added since their last visit, and records this visit', async () => {
    const { requests } = renderTab(
      media({
        pictures: [
          file(1, { createdAt: '2026-10-01T00:00:00.000Z' }),
          file(2, { createdAt: '2026-11-02T00:00:00.000Z' }),
        ],
        lastVisitedAt: '2026-10-15T00:00:00.000Z',
        imageGuidelinesAccepted: false,
      }),
      { savelastvisitedtimeonuploads: ok(null) },
      false,
      manager,
    );
    await screen.findByText('Photos (2 of 30)');
    expect(screen.getAllByText('New').length).toBe(1);
    // Staff add photos for the donor without accepting her image guidelines.
    await waitFor(() =>
      expect((screen.getByLabelText('Add photos') as HTMLInputElement).disabled).toBe(false),
    );
    await waitFor(() =>
      expect(requests.filter((r) => r.name === 'savelastvisitedtimeonuploads').length).toBe(1),
    );
    expect(requests.find((r) => r.name === 'savelastvisitedtimeonuploads')!.body).toEqual({ donor_id: 7 });
  });

  it('does not record a visit for the donor herself', async () => {
    const { requests } = renderTab(media({ pictures: [file(1)] }));
    await screen.findByText('Photos (1 of 30)');
    expect(screen.queryByText('New')).toBeNull();
    expect(requests.some((r) => r.name === 'savelastvisitedtimeonuploads')).toBe(false);
  });

  it('shows no control when read-only', async () => {
    renderTab(media({ pictures: [file(1, { isDefault: true })] }), {}, true);
    await screen.findByText('Photos (1 of 30)');
    expect(screen.queryByLabelText('Add photos')).toBeNull();
    expect(screen.queryByLabelText('Add a video')).toBeNull();
    expect(screen.queryByLabelText('Add a document')).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });
});

describe('DonorMediaTab: videos and documents', () => {
  it('checks a video and shows uploads in progress', async () => {
    const upload = (over: Partial<VideoUploadState>): VideoUploadState => ({
      uploadId: 'u1',
      fileName: 'holiday.mp4',
      sizeBytes: 10,
      chunkSize: VIDEO_CHUNK_BYTES,
      totalChunks: 4,
      received: [0, 2],
      status: 'uploading',
      ...over,
    });
    renderTab(
      media({
        videoUploads: [upload({}), upload({ uploadId: 'u2', fileName: 'b.webm', status: 'assembling' })],
      }),
    );
    expect(await screen.findByText(`b.webm: ${UPLOAD_MSG.TRANSCODING}`)).toBeTruthy();
    expect(screen.getByText('holiday.mp4: upload paused, 2 of 4 parts received.')).toBeTruthy();
    pick('Add a video', [new File(['x'], 'clip.exe')]);
    expect(await alertText()).toBe(UPLOAD_MSG.total(MAX_VIDEOS));
  });

  it('refuses a wrong video type and a video over 500 MB', async () => {
    renderTab(media());
    await screen.findByText('Videos (0 of 2)');
    pick('Add a video', [new File(['x'], 'clip.exe')]);
    expect(await alertText()).toBe(UPLOAD_MSG.INVALID_FORMAT);
    pick('Add a video', [sized('clip.mp4', 500 * 1024 * 1024 + 1)]);
    expect(await alertText()).toBe(UPLOAD_MSG.TOO_BIG);
  });

  it('asks for a file, checks the type and the total of documents', async () => {
    const { unmount } = renderTab(media());
    fireEvent.click(await screen.findByRole('button', { name: 'Upload document' }));
    expect(await alertText()).toBe(UPLOAD_MSG.SELECT_FILE);
    pick('Add a document', [new File(['x'], 'notes.txt')]);
    fireEvent.click(screen.getByRole('button', { name: 'Upload document' }));
    expect(await alertText()).toBe(UPLOAD_MSG.INVALID_FORMAT);
    unmount();
    renderTab(media({ documents: Array.from({ length: MAX_DOCUMENTS }, (_, i) => file(i + 1)) }));
    await screen.findByLabelText('Add a document');
    pick('Add a document', [new File(['x'], 'cv.pdf')]);
    fireEvent.click(screen.getByRole('button', { name: 'Upload document' }));
    expect(await alertText()).toBe(UPLOAD_MSG.total(MAX_DOCUMENTS));
  });

  it('uploads a document as multipart', async () => {
    let sent: FormData | null = null;
    renderTab(media(), {
      'uploaddonordocument/7': (r: StubRequest) => {
        sent = r.body as FormData;
        return ok(file(9), UPLOAD_MSG.UPLOADED);
      },
    });
    await screen.findByLabelText('Add a document');
    pick('Add a document', [new File(['%PDF-1.4'], 'cv.pdf')]);
    fireEvent.click(screen.getByRole('button', { name: 'Upload document' }));
    await waitFor(() => expect(sent).not.toBeNull());
    expect((sent!.get('file') as File).name).toBe('cv.pdf');
  });
});

describe('sendVideo', () => {
  it('asks the server what it has after a dropped connection and sends only the rest', async () => {
    const size = VIDEO_CHUNK_BYTES * 2 + 10;
    const video = sized('v.mp4', size);
    const have = new Set<number>();
    let dropped = false;
    const calls: string[] = [];
    const state = (): VideoUploadState => ({
      uploadId: 'u1',
      fileName: 'v.mp4',
      sizeBytes: size,
      chunkSize: VIDEO_CHUNK_BYTES,
      totalChunks: 3,
      received: [...have].sort(),
      status: 'uploading',
    });
    const envelope = (data: unknown) =>
      new Response(JSON.stringify({ status: 'success', message: '', data }), { status: 200 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input), 'http://localhost').pathname.replace('/api/', '');
        calls.push(`${init?.method ?? 'GET'} ${path}`);
        if (path.endsWith('/start')) return envelope(state());
        if (path.endsWith('/complete')) return envelope(file(3));
        const chunk = /\/(\d+)$/.exec(path);
        if (chunk && init?.method === 'PUT') {
          const index = Number(chunk[1]);
          if (index === 1 && !dropped) {
            dropped = true;
            throw new TypeError('network connection lost');
          }
          have.add(index);
          return envelope({ index });
        }
        return envelope(state());
      }),
    );
    const progress: number[] = [];
    const stored = await sendVideo(7, video, (p) => progress.push(p.sent), undefined, { retryDelayMs: 1 });
    expect(stored.id).toBe(3);
    expect(calls).toEqual([
      'POST uploaddonorvideo/7/start',
      'GET uploaddonorvideo/7/u1',
      'PUT uploaddonorvideo/7/u1/0',
      'PUT uploaddonorvideo/7/u1/1',
      'GET uploaddonorvideo/7/u1',
      'PUT uploaddonorvideo/7/u1/1',
      'PUT uploaddonorvideo/7/u1/2',
      'GET uploaddonorvideo/7/u1',
      'POST uploaddonorvideo/7/u1/complete',
    ]);
    expect(progress.at(-1)).toBe(3);
  });
});

describe('DonorMediaTab: the photo editor', () => {
  afterEach(() => {
    imageEditing.render = renderEditedImage;
  });

  it('turns and crops a photo and sends the canvas result to updatedonorpic', async () => {
    const render = vi.fn(
      async (_url: string, _edit: ImageEdit) => new Blob(['jpeg'], { type: 'image/jpeg' }),
    );
    imageEditing.render = render;
    let sent: FormData | null = null;
    const { requests } = renderTab(media({ pictures: [file(1, { isDefault: true }), file(2)] }), {
      'updatedonorpic/7': (r: StubRequest) => {
        sent = r.body as FormData;
        return ok(file(2), UPLOAD_MSG.UPLOADED);
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit photo 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit photo 2' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rotate right' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rotate right' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rotate left' }));
    fireEvent.change(within(dialog).getByLabelText('Crop'), { target: { value: 'square' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save edited photo' }));
    await waitFor(() => expect(requests.some((r) => r.name === 'updatedonorpic/7')).toBe(true));
    expect(render).toHaveBeenCalledWith('/api/donorfile/picture/2', { turns: 1, crop: 'square' });
    expect(sent!.get('pic_id')).toBe('2');
    expect(sent!.get('is_profile')).toBeNull();
    expect((sent!.get('file') as File).type).toBe('image/jpeg');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit photo 2' })).toBeNull());
  });

  it('keeps the profile flag, and shows the spec messages for a small result, 404 and a dropped call', async () => {
    let reply = fail(404, 'Picture not found');
    let sent: FormData | null = null;
    imageEditing.render = async () => new Blob([]);
    const { requests } = renderTab(media({ pictures: [file(1, { isDefault: true })] }), {
      'updatedonorpic/7': (r: StubRequest) => {
        sent = r.body as FormData;
        return reply;
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit photo 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit photo 1' });
    const save = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save edited photo' }));
    save();
    expect((await within(dialog).findByRole('alert')).textContent).toBe(UPLOAD_MSG.EDITED_TOO_SMALL);
    expect(requests.some((r) => r.name === 'updatedonorpic/7')).toBe(false);
    imageEditing.render = async () => new Blob(['jpeg'], { type: 'image/jpeg' });
    save();
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(UPLOAD_MSG.IMAGE_NOT_FOUND),
    );
    expect(sent!.get('is_profile')).toBe('1');
    reply = { status: 502, body: 'Bad gateway' };
    save();
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(UPLOAD_MSG.IMAGE_UPDATE_FAILED),
    );
  });
});

describe('cropBox', () => {
  it('centres a square or 4:3 crop and leaves the picture whole without one', () => {
    expect(cropBox(400, 300, 'none')).toEqual({ x: 0, y: 0, width: 400, height: 300 });
    expect(cropBox(400, 300, 'square')).toEqual({ x: 50, y: 0, width: 300, height: 300 });
    expect(cropBox(300, 400, 'square')).toEqual({ x: 0, y: 50, width: 300, height: 300 });
    expect(cropBox(400, 300, '4:3')).toEqual({ x: 0, y: 0, width: 400, height: 300 });
    expect(cropBox(300, 400, '4:3')).toEqual({ x: 0, y: 87, width: 300, height: 225 });
    expect(cropBox(800, 300, '4:3')).toEqual({ x: 200, y: 0, width: 400, height: 300 });
  });
});

describe('upload failures', () => {
  it('asks for images when none is chosen, and says why a photo upload failed', async () => {
    let reply = { status: 502, body: 'Bad gateway' } as ReturnType<typeof fail>;
    renderTab(media(), { 'uploaddonorpic/7': () => reply });
    await screen.findByText('Photos (0 of 30)');
    pick('Add photos', []);
    expect(await alertText()).toBe(UPLOAD_MSG.SELECT_IMAGES);
    pick('Add photos', [png('a.png')]);
    fireEvent.click(await screen.findByRole('button', { name: 'Upload photo' }));
    await waitFor(async () => expect(await alertText()).toBe(UPLOAD_MSG.UPLOAD_FAILED));
    reply = fail(400, UPLOAD_MSG.INVALID);
    fireEvent.click(screen.getByRole('button', { name: 'Upload photo' }));
    await waitFor(async () => expect(await alertText()).toBe(UPLOAD_MSG.INVALID));
  });

  it('answers a dropped connection with the retry message', () => {
    expect(uploadFailure(new ApiError('x', 0))).toBe(UPLOAD_MSG.UPLOAD_RETRY);
    expect(uploadFailure(new ApiError('File is invalid.', 400))).toBe('File is invalid.');
    expect(uploadFailure(new ApiError('boom', 500))).toBe(UPLOAD_MSG.UPLOAD_FAILED);
    expect(uploadFailure(new Error('x'))).toBe(UPLOAD_MSG.UPLOAD_FAILED);
  });
});

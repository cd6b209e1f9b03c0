import { IMAGE_MAX_BYTES, PHOTO_TYPES, UPLOAD_MSG, type UserPicture } from '@dm/shared';
import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, renderPage, type StubRequest, sessionUser } from '../../test/render';
import { imageEditing, renderEditedImage } from '../uploads/ImageEditorDialog';
import { checkEditedImage, checkProfileImage, initialsOf } from './checks';
import ProfilePicturePage from './ProfilePicturePage';
import { UserAvatar } from './UserAvatar';

const parent = sessionUser(); // userId 10, role 9 (intended parent)
const none: UserPicture = { userId: 10, url: null, updatedAt: null };
const stored: UserPicture = {
  userId: 10,
  url: '/api/profilepicture/10/file?v=1',
  updatedAt: '2026-11-25T00:00:00.000Z',
};

describe('checkProfileImage and checkEditedImage', () => {
  it('answers the spec’s message for every name and size, in the server’s order', () => {
    const ext = fc.oneof(
      fc.constantFrom(...PHOTO_TYPES, 'PNG', 'JpG'),
      fc.constantFrom('txt', 'pdf', 'svg', 'webp', 'heic', 'exe', ''),
      fc.stringMatching(/^[a-z0-9]{0,5}$/),
    );
    fc.assert(
      fc.property(
        fc.string({ maxLength: 20 }),
        ext,
        fc.nat({ max: IMAGE_MAX_BYTES * 2 }),
        (base, e, size) => {
          const name = e === '' ? base.replace(/\./g, '') : `${base}.${e}`;
          const photo = (PHOTO_TYPES as readonly string[]).includes(e.toLowerCase());
          const expected = !photo
            ? UPLOAD_MSG.INVALID_FILE_TYPE
            : size === 0
              ? UPLOAD_MSG.PROFILE_TOO_SMALL
              : size > IMAGE_MAX_BYTES
                ? UPLOAD_MSG.TOO_BIG
                : null;
          expect(checkProfileImage({ name, size })).toBe(expected);
        },
      ),
    );
    expect(checkProfileImage(undefined)).toBe(UPLOAD_MSG.SELECT_PHOTO);
    expect(checkProfileImage({ name: 'a.png', size: IMAGE_MAX_BYTES })).toBeNull();
    expect(checkProfileImage({ name: 'a.png', size: IMAGE_MAX_BYTES + 1 })).toBe(UPLOAD_MSG.TOO_BIG);
    expect(checkEditedImage(null)).toBe(UPLOAD_MSG.EDITED_TOO_SMALL);
    expect(checkEditedImage({ size: 0 })).toBe(UPLOAD_MSG.EDITED_TOO_SMALL);
    expect(checkEditedImage({ size: 1 })).toBeNull();
  });

  it('makes initials from the names, else the e-mail', () => {
    expect(initialsOf({ firstName: 'pat', lastName: 'Parent' })).toBe('PP');
    expect(initialsOf({ firstName: 'Ann', lastName: ' ' })).toBe('A');
    expect(initialsOf({ firstName: '', lastName: '', username: 'zoe@x.test' })).toBe('Z');
    expect(initialsOf({ firstName: '', lastName: '' })).toBe('?');
  });
});

const sized = (name: string, size: number) => {
  const f = new File(['x'], name);
  Object.defineProperty(f, 'size', { value: size });
  return f;
};
const pick = (files: File[]) =>
  fireEvent.change(screen.getByLabelText('Choose a picture'), { target: { files } });
const uploads = (requests: StubRequest[]) => requests.filter((r) => r.name.startsWith('uploadprofilepic/'));

function renderProfilePage(api: Record<string, unknown> = {}, user = parent) {
  return renderPage(
    <ModalsProvider>
      <ProfilePicturePage />
    </ModalsProvider>,
    { api: { me: ok(user), 'profilepicture/10': ok(none), ...(api as object) } },
  );
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:chosen');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  imageEditing.render = renderEditedImage;
});

describe('ProfilePicturePage', () => {
  it('shows the initials without a picture and refuses a wrong type, an empty or a too big file', async () => {
    const { requests } = renderProfilePage();
    expect(await screen.findByLabelText('No picture yet: initials PP')).toBeTruthy();
    for (const [file, message] of [
      [sized('me.txt', 10), UPLOAD_MSG.INVALID_FILE_TYPE],
      [sized('me.svg', 10), UPLOAD_MSG.INVALID_FILE_TYPE],
      [sized('me.png', 0), UPLOAD_MSG.PROFILE_TOO_SMALL],
      [sized('me.jpg', IMAGE_MAX_BYTES + 1), UPLOAD_MSG.TOO_BIG],
    ] as const) {
      pick([file]);
      expect((await screen.findByRole('alert')).textContent).toBe(message);
    }
    expect(screen.queryByRole('button', { name: 'Upload picture' })).toBeNull();
    expect(uploads(requests)).toEqual([]);
  });

  it('uploads a chosen picture as it is and shows it; the server’s refusal shows as it says', async () => {
    let reply = fail(400, UPLOAD_MSG.INVALID_FILE_TYPE);
    const { requests } = renderProfilePage({ 'uploadprofilepic/10/0/9': () => reply });
    await screen.findByLabelText('No picture yet: initials PP');
    pick([sized('me.png', 100)]);
    expect(screen.getByRole('img', { name: 'Chosen picture me.png' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Upload picture' }));
    expect((await screen.findByRole('alert')).textContent).toBe(UPLOAD_MSG.INVALID_FILE_TYPE);
    reply = ok(stored, UPLOAD_MSG.PROFILE_PICTURE_SET);
    fireEvent.click(screen.getByRole('button', { name: 'Upload picture' }));
    expect(await screen.findByRole('img', { name: 'Profile picture of Pat Parent' })).toBeTruthy();
    const sent = uploads(requests).at(-1)!.body as FormData;
    expect((sent.get('file') as File).name).toBe('me.png');
    expect(sent.get('edited')).toBeNull();
    expect(screen.queryByRole('img', { name: 'Chosen picture me.png' })).toBeNull();
  });

  it('crops and rotates the chosen picture: an empty result is refused, the edited one is sent as edited', async () => {
    imageEditing.render = async () => new Blob([]);
    const { requests } = renderProfilePage({ 'uploadprofilepic/10/0/9': ok(stored) });
    await screen.findByLabelText('No picture yet: initials PP');
    pick([sized('me.png', 100)]);
    fireEvent.click(screen.getByRole('button', { name: 'Crop and rotate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Crop and rotate profile picture' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rotate right' }));
    fireEvent.change(within(dialog).getByLabelText('Crop'), { target: { value: 'square' } });
    const save = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Upload edited picture' }));
    save();
    expect((await within(dialog).findByRole('alert')).textContent).toBe(UPLOAD_MSG.EDITED_TOO_SMALL);
    expect(uploads(requests)).toEqual([]);
    const render = vi.fn(async () => new Blob(['jpeg'], { type: 'image/jpeg' }));
    imageEditing.render = render;
    save();
    await waitFor(() => expect(uploads(requests)).toHaveLength(1));
    expect(render).toHaveBeenCalledWith('blob:chosen', { turns: 1, crop: 'square' });
    const sent = uploads(requests)[0]!.body as FormData;
    expect(sent.get('edited')).toBe('1');
    expect((sent.get('file') as File).type).toBe('image/jpeg');
    expect(await screen.findByRole('img', { name: 'Profile picture of Pat Parent' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('crops and rotates the current picture and uploads the result as edited', async () => {
    const render = vi.fn(async () => new Blob(['jpeg'], { type: 'image/jpeg' }));
    imageEditing.render = render;
    const next = { ...stored, url: '/api/profilepicture/10/file?v=2' };
    const { requests } = renderProfilePage({
      'profilepicture/10': ok(stored),
      'uploadprofilepic/10/0/9': ok(next),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Crop and rotate current picture' }));
    const dialog = await screen.findByRole('dialog', { name: 'Crop and rotate profile picture' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rotate left' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload edited picture' }));
    await waitFor(() => expect(uploads(requests)).toHaveLength(1));
    expect(render).toHaveBeenCalledWith(stored.url, { turns: -1, crop: 'none' });
    expect((uploads(requests)[0]!.body as FormData).get('edited')).toBe('1');
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Profile picture of Pat Parent' }).getAttribute('src')).toBe(
        next.url,
      ),
    );
  });

  it('removes the picture after asking', async () => {
    const { requests } = renderProfilePage({
      'profilepicture/10': (r: StubRequest) =>
        r.method === 'DELETE' ? ok(none, UPLOAD_MSG.PROFILE_PICTURE_REMOVED) : ok(stored),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove picture' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove profile picture' });
    expect(within(dialog).getByText(UPLOAD_MSG.REMOVE_PROFILE_PICTURE_CONFIRM)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByLabelText('No picture yet: initials PP')).toBeTruthy();
    expect(requests.some((r) => r.method === 'DELETE' && r.name === 'profilepicture/10')).toBe(true);
  });

  it('sends a donor to her photos & media tab', async () => {
    const donor = sessionUser({ userId: 7, role: 2, client: null });
    const { requests } = renderProfilePage({}, donor);
    expect(await screen.findByRole('link', { name: 'Photos & media' })).toBeTruthy();
    expect(screen.queryByLabelText('Choose a picture')).toBeNull();
    expect(requests.some((r) => r.name.startsWith('profilepicture/'))).toBe(false);
  });
});

describe('UserAvatar', () => {
  const renderAvatar = (user = parent, picture: UserPicture = none) =>
    renderPage(<UserAvatar user={user} />, { api: { me: ok(user), 'profilepicture/10': ok(picture) } });

  it('shows the picture, linking to /profileimg', async () => {
    renderAvatar(parent, stored);
    const link = await screen.findByRole('link', { name: 'Profile picture' });
    expect(link.getAttribute('href')).toBe('/profileimg');
    await waitFor(() =>
      expect(within(link).getByRole('img', { name: 'Profile picture' }).getAttribute('src')).toBe(stored.url),
    );
  });

  it('shows initials without a picture and nothing for a donor', async () => {
    const { unmount } = renderAvatar();
    const link = await screen.findByRole('link', { name: 'Profile picture' });
    expect(link.querySelector('[aria-hidden="true"]')?.textContent).toBe('PP');
    expect(within(link).queryByRole('img')).toBeNull();
    unmount();
    const { requests } = renderAvatar(sessionUser({ userId: 7, role: 2, client: null }));
    await waitFor(() => expect(requests.some((r) => r.name === 'me')).toBe(true));
    expect(screen.queryByRole('link', { name: 'Profile picture' })).toBeNull();
  });
});

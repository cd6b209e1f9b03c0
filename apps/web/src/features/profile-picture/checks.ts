import { extensionOf, IMAGE_MAX_BYTES, PHOTO_TYPES, UPLOAD_MSG } from '@dm/shared';

/**
 * The checks /profileimg makes before sending (the server makes them again and checks the bytes
 * too), in the server's order: type, then empty, then too big. Each answers the spec's message,
 * or null when the picture may go.
 */
export function checkProfileImage(file: Pick<File, 'name' | 'size'> | undefined): string | null {
  if (!file) return UPLOAD_MSG.SELECT_PHOTO;
  if (!(PHOTO_TYPES as readonly string[]).includes(extensionOf(file.name)))
    return UPLOAD_MSG.INVALID_FILE_TYPE;
  if (file.size === 0) return UPLOAD_MSG.PROFILE_TOO_SMALL;
  if (file.size > IMAGE_MAX_BYTES) return UPLOAD_MSG.TOO_BIG;
  return null;
}

/** The crop and rotate editor's result: none or an empty one is 'Edited image size is too small'. */
export function checkEditedImage(blob: Pick<Blob, 'size'> | null): string | null {
  if (!blob || blob.size === 0) return UPLOAD_MSG.EDITED_TOO_SMALL;
  if (blob.size > IMAGE_MAX_BYTES) return UPLOAD_MSG.TOO_BIG;
  return null;
}

/** Up to two initials for the avatar when there is no picture: first and last name, else the e-mail. */
export function initialsOf(user: { firstName: string; lastName: string; username?: string }): string {
  const letters = [user.firstName, user.lastName]
    .map((n) => n.trim().charAt(0))
    .filter(Boolean)
    .join('');
  return (letters || user.username?.charAt(0) || '?').toUpperCase();
}

import {
  DOCUMENT_MAX_BYTES,
  extensionOf,
  IMAGE_MAX_BYTES,
  MAX_DOCUMENTS,
  MAX_IMAGES,
  MAX_IMAGES_PER_SELECTION,
  MAX_VIDEOS,
  MSG,
  PHOTO_TYPES,
  UPLOAD_MSG,
  VIDEO_MAX_BYTES,
  VIDEO_TYPES,
} from '@dm/shared';
import { ApiError } from '../../lib/api-error';

/**
 * The checks the tab makes before sending anything (the server makes them again, and checks
 * the bytes too). Each answers the spec's message, or null when the selection may go.
 */

function fileProblem(
  file: File,
  types: readonly string[],
  maxBytes: number,
  wrongType: string,
): string | null {
  // A browser may leave the type empty: the extension decides then, as on the server.
  if (!types.includes(extensionOf(file.name))) return wrongType;
  if (file.size === 0) return UPLOAD_MSG.INVALID;
  if (file.size > maxBytes) return UPLOAD_MSG.TOO_BIG;
  return null;
}

export function checkPhotos(files: File[], existing: number): string | null {
  if (files.length === 0) return UPLOAD_MSG.SELECT_IMAGES;
  if (files.length > MAX_IMAGES_PER_SELECTION) return UPLOAD_MSG.perSelection();
  if (existing + files.length > MAX_IMAGES) return UPLOAD_MSG.total(MAX_IMAGES);
  for (const f of files) {
    const problem = fileProblem(f, PHOTO_TYPES, IMAGE_MAX_BYTES, UPLOAD_MSG.onlyImages());
    if (problem) return problem;
  }
  return null;
}

/**
 * The message for a failed upload: the server's refusal (4xx) as it says, a dropped connection
 * 'Some Error occured during upload. Please try again', anything else 'Error during upload.'.
 */
export function uploadFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return UPLOAD_MSG.UPLOAD_RETRY;
    if (
      error.status >= 400 &&
      error.status < 500 &&
      error.message &&
      !error.message.includes(MSG.HTTP_FAILURE)
    )
      return error.message;
  }
  return UPLOAD_MSG.UPLOAD_FAILED;
}

/** One photo chosen as the profile picture (uploadprofilepic). */
export function checkProfilePhoto(files: File[], existing: number): string | null {
  if (files.length === 0) return UPLOAD_MSG.SELECT_PHOTO;
  if (files.length > 1) return UPLOAD_MSG.perSelection(1);
  if (files[0]!.size === 0) return UPLOAD_MSG.PROFILE_TOO_SMALL;
  return checkPhotos(files, existing);
}

export function checkVideo(file: File | null, existing: number): string | null {
  if (!file) return UPLOAD_MSG.SELECT_FILE;
  if (existing >= MAX_VIDEOS) return UPLOAD_MSG.total(MAX_VIDEOS);
  return fileProblem(file, VIDEO_TYPES, VIDEO_MAX_BYTES, UPLOAD_MSG.INVALID_FORMAT);
}

export function checkDocument(
  file: File | null,
  existing: number,
  types: readonly string[],
  max: number = MAX_DOCUMENTS,
): string | null {
  if (!file) return UPLOAD_MSG.SELECT_FILE;
  if (existing >= max) return UPLOAD_MSG.total(max);
  return fileProblem(file, types, DOCUMENT_MAX_BYTES, UPLOAD_MSG.INVALID_FORMAT);
}

export const acceptOf = (types: readonly string[]) => types.map((t) => `.${t}`).join(',');

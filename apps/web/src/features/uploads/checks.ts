import {
  DOCUMENT_MAX_BYTES,
  extensionOf,
  IMAGE_MAX_BYTES,
  MAX_DOCUMENTS,
  MAX_IMAGES,
  MAX_IMAGES_PER_SELECTION,
  MAX_VIDEOS,
  PHOTO_TYPES,
  UPLOAD_MSG,
  VIDEO_MAX_BYTES,
  VIDEO_TYPES,
} from '@dm/shared';

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
  if (files.length === 0) return UPLOAD_MSG.SELECT_FILE;
  if (files.length > MAX_IMAGES_PER_SELECTION) return UPLOAD_MSG.perSelection();
  if (existing + files.length > MAX_IMAGES) return UPLOAD_MSG.total(MAX_IMAGES);
  for (const f of files) {
    const problem = fileProblem(f, PHOTO_TYPES, IMAGE_MAX_BYTES, UPLOAD_MSG.onlyImages());
    if (problem) return problem;
  }
  return null;
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

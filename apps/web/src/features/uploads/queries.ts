import {
  type AdditionalUploadResult,
  type DonorMedia,
  type MediaFile,
  ROLE,
  type VideoUploadState,
} from '@dm/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api';

export const uploadKeys = {
  media: (donorId: number) => ['uploads', 'media', donorId] as const,
};

export function useDonorMedia(donorId: number) {
  return useQuery({
    queryKey: uploadKeys.media(donorId),
    queryFn: () => api<DonorMedia>(`donormedia/${donorId}`),
  });
}

/** A picture, video or document public or private. */
export const setVisibility = (
  donorId: number,
  type: 'picture' | 'video' | 'document',
  id: number,
  isPublic: boolean,
) =>
  api<null>('donoruploaditemsvisibility', {
    body: { donorId, type, id, is_public: isPublic },
    successToast: true,
  });

/** Staff opening a donor's uploads marks them seen (the new-uploads flag on the grid). */
export const markUploadsVisited = (donorId: number) =>
  api('savelastvisitedtimeonuploads', { body: { donor_id: donorId }, silent: true });

const oneFile = (file: Blob, name: string) => {
  const form = new FormData();
  form.append('file', file, name);
  return form;
};

/** A document or the COVID card: one file to the given upload route. */
export const uploadOneFile = (url: string, file: File) =>
  api<MediaFile>(url, { body: oneFile(file, file.name), successToast: true });

export const deleteDocument = (donorId: number, documentId: number) =>
  api('deletedonordocument', { body: { donorId, document_id: documentId }, successToast: true });

export const deleteCovidDocument = (donorId: number) =>
  api('deletecoviddocpath', { body: { donor_id: donorId }, successToast: true });

export const cancelVideoUpload = (donorId: number, uploadId: string) =>
  api(`uploaddonorvideo/${donorId}/${uploadId}`, { method: 'DELETE' });

export const deleteVideo = (donorId: number, videoId: number) =>
  api('deletedonorvideo', { body: { donorId, video_id: videoId }, successToast: true });

export const savePhotoCaption = (donorId: number, picId: number, caption: string) =>
  api('updatedonorpiccaption', { body: { donorId, picId, caption }, successToast: true });

export const makeProfilePhoto = (donorId: number, picId: number) =>
  api('updatedonorprofilepic', { body: { donorId, picId }, successToast: true });

export const removePhoto = (donorId: number, picId: number) =>
  api('removedonorpic', { body: { donorId, picId }, successToast: true });

export const acceptImageGuidelines = (donorId: number) =>
  api('updateimageguidelinesflag', { body: { donor_id: donorId } });

/** Several pictures with their captions; refusals are shown by the section (silent). */
export const uploadPhotos = (donorId: number, items: { file: File; caption: string }[]) => {
  const form = new FormData();
  for (const s of items) form.append('caption', s.caption);
  for (const s of items) form.append('file', s.file, s.file.name);
  return api<MediaFile[]>(`uploaddonorpic/${donorId}`, { body: form, successToast: true, silent: true });
};

export const uploadProfilePhoto = (donorId: number, file: File) =>
  api<MediaFile>(`uploadprofilepic/${donorId}/1/${ROLE.DONOR}`, {
    body: oneFile(file, file.name),
    successToast: true,
  });

/** The edited picture replaces the original (and stays the profile picture if it was). */
export const saveEditedPhoto = (donorId: number, photo: { id: number; isDefault: boolean }, blob: Blob) => {
  const form = new FormData();
  form.append('pic_id', String(photo.id));
  if (photo.isDefault) form.append('is_profile', '1');
  form.append('file', blob, 'edited.jpg');
  return api(`updatedonorpic/${donorId}`, { body: form, silent: true, successToast: true });
};

export const uploadAdditionalDocuments = (
  donorId: number,
  kind: string,
  isPublic: boolean,
  files: File[],
) => {
  const form = new FormData();
  form.append('is_public', String(isPublic));
  for (const f of files) form.append('file', f, f.name);
  return api<AdditionalUploadResult>('uploadadditionaldoc', {
    body: form,
    query: { donor_id: donorId, fileType: kind },
    successToast: true,
  });
};

export const setAdditionalDocumentPublic = (docId: number, isPublic: boolean) =>
  api('changepublicadditionaldoc', { body: { doc_id: docId, is_public: isPublic }, successToast: true });

export const deleteAdditionalDocument = (docId: number) =>
  api('deleteadditionaldocument', { body: { doc_id: docId }, successToast: true });

export interface VideoProgress {
  sent: number;
  total: number;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends a video in the chunks the server asked for, resuming where it left off: before each
 * round it asks the server which chunks it holds and sends only the missing ones, so a dropped
 * connection (or a reload, with the same file chosen again) costs at most one chunk.
 */
export async function sendVideo(
  donorId: number,
  file: File,
  onProgress: (p: VideoProgress) => void,
  resume?: VideoUploadState,
  options: { retries?: number; retryDelayMs?: number } = {},
): Promise<MediaFile> {
  const retries = options.retries ?? 5;
  const delay = options.retryDelayMs ?? 1000;
  const session =
    resume ??
    (await api<VideoUploadState>(`uploaddonorvideo/${donorId}/start`, {
      body: { fileName: file.name, size: file.size },
    }));
  const base = `uploaddonorvideo/${donorId}/${session.uploadId}`;
  let failures = 0;
  for (;;) {
    try {
      const state = await api<VideoUploadState>(base, { silent: true });
      const have = new Set(state.received);
      onProgress({ sent: have.size, total: state.totalChunks });
      const missing = Array.from({ length: state.totalChunks }, (_, i) => i).filter((i) => !have.has(i));
      if (missing.length === 0) break;
      for (const index of missing) {
        const start = index * state.chunkSize;
        const end = Math.min(file.size, start + state.chunkSize);
        const bytes = file.slice(start, end, 'application/octet-stream');
        await api(`${base}/${index}`, { method: 'PUT', body: bytes, silent: true });
        have.add(index);
        onProgress({ sent: have.size, total: state.totalChunks });
      }
    } catch (error) {
      // A refused chunk (4xx) will not get better by sending it again.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) throw error;
      if (++failures > retries) throw error;
      await wait(delay);
    }
  }
  return api<MediaFile>(`${base}/complete`, { method: 'POST', body: {}, silent: true });
}

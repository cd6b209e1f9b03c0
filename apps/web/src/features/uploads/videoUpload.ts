import type { MediaFile, VideoUploadState } from '@dm/shared';
import { ApiError, api } from '../../lib/api';

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

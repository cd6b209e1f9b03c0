import { mkdir, readdir, readFile, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { DEXI_MSG } from '@dm/shared';

/** One file of an export: what the donor import reads (general.csv, physical.csv ...). */
export interface ExportFile {
  name: string;
  content: string;
}

/**
 * Where a run gets the provider's export (decision 020). `fetch` answers the export's files or
 * throws a SourceError whose message the run records; `done` is told once the files are handed
 * to the import (the drop folder moves them away).
 */
export interface DexiSourceReader {
  fetch(): Promise<ExportFile[]>;
  done(runId: number): Promise<void>;
}

/** A source failure, in words the master admin can act on: never a key, an address's secret or the data. */
export class SourceError extends Error {}

/** At most this many files, each at most this large: more is not an export. */
const MAX_FILES = 10;
const MAX_FILE_BYTES = 20 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 30_000;

/** The drop folder of a center, under DATA_DIR. */
export const dropFolderOf = (dataDir: string, centerId: number) =>
  path.join(dataDir, 'dexi', String(centerId));

/** The path the master admin is shown: relative to DATA_DIR. */
export const dropFolderLabel = (centerId: number) => `DATA_DIR/dexi/${centerId}/`;

/**
 * The drop folder DATA_DIR/dexi/<center>/: the CSV files in it (not in sub-folders). Once
 * imported they move to processed/<run id>/, so the next run reads only a newer drop.
 */
export function folderSource(dataDir: string, centerId: number): DexiSourceReader {
  const dir = dropFolderOf(dataDir, centerId);
  let names: string[] = [];
  return {
    async fetch() {
      let entries: string[];
      try {
        entries = await readdir(dir);
      } catch {
        throw new SourceError(`${DEXI_MSG.NO_FILES} (${dropFolderLabel(centerId)})`);
      }
      names = [];
      for (const name of entries.sort()) {
        if (!name.toLowerCase().endsWith('.csv')) continue;
        const info = await stat(path.join(dir, name));
        if (!info.isFile()) continue;
        if (info.size > MAX_FILE_BYTES) throw new SourceError(`${name} is larger than 20 MB.`);
        names.push(name);
      }
      if (names.length === 0) throw new SourceError(`${DEXI_MSG.NO_FILES} (${dropFolderLabel(centerId)})`);
      if (names.length > MAX_FILES)
        throw new SourceError(`The drop folder holds more than ${MAX_FILES} CSV files.`);
      return Promise.all(
        names.map(async (name) => ({ name, content: await readFile(path.join(dir, name), 'utf8') })),
      );
    },
    async done(runId) {
      const target = path.join(dir, 'processed', String(runId));
      await mkdir(target, { recursive: true, mode: 0o700 });
      for (const name of names) await rename(path.join(dir, name), path.join(target, name));
    },
  };
}

function isExport(body: unknown): body is { files: ExportFile[] } {
  const files = (body as { files?: unknown } | null)?.files;
  return (
    Array.isArray(files) &&
    files.length > 0 &&
    files.length <= MAX_FILES &&
    files.every(
      (f) =>
        typeof f === 'object' &&
        f !== null &&
        typeof (f as ExportFile).name === 'string' &&
        typeof (f as ExportFile).content === 'string' &&
        /^[\w.-]{1,100}$/.test((f as ExportFile).name),
    )
  );
}

/**
 * The provider's export over HTTP: GET <url> with `Authorization: Bearer <key>`, answered with
 * JSON `{ "files": [{ "name": "general.csv", "content": "..." }, ...] }`. No redirect is followed
 * (the key would go with it), the answer is read up to 20 MB within 30 s.
 */
export function httpSource(url: string, apiKey: string, fetchImpl: typeof fetch = fetch): DexiSourceReader {
  const host = (() => {
    try {
      return new URL(url).host;
    } catch {
      return 'the export URL';
    }
  })();
  return {
    async fetch() {
      let response: Response;
      try {
        response = await fetchImpl(url, {
          headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json' },
          redirect: 'manual',
          signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
        });
      } catch (error) {
        const timedOut = (error as Error).name === 'TimeoutError';
        throw new SourceError(
          timedOut ? `${host} did not answer within 30 seconds.` : `${host} could not be reached.`,
        );
      }
      if (response.status === 401 || response.status === 403)
        throw new SourceError(`${host} refused the API key (HTTP ${response.status}).`);
      if (!response.ok) throw new SourceError(`${host} answered HTTP ${response.status}.`);
      const length = Number(response.headers.get('content-length') ?? 0);
      if (length > MAX_FILES * MAX_FILE_BYTES)
        throw new SourceError(`${host} sent more than an export can hold.`);
      let body: unknown;
      try {
        const text = await response.text();
        if (text.length > MAX_FILES * MAX_FILE_BYTES) throw new Error('too large');
        body = JSON.parse(text);
      } catch {
        throw new SourceError(`${host} did not send an export (JSON with its files).`);
      }
      if (!isExport(body)) throw new SourceError(`${host} did not send an export (JSON with its files).`);
      return body.files.map((f) => ({ name: f.name, content: f.content }));
    },
    async done() {},
  };
}

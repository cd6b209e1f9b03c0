import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { extensionOf } from '@dm/shared';
import type { FastifyRequest } from 'fastify';
import { assertCleanInput } from '../../platform/input-guard.js';

/** One file part of a multipart request, already streamed to a work file (never held whole). */
export interface ReceivedFile {
  /** The uploader's name, reduced to printable ASCII, for display only. */
  name: string;
  ext: string;
  path: string;
  size: number;
  /** Longer than the limit: the rest was dropped. */
  tooBig: boolean;
}

export interface Received {
  fields: Record<string, string[]>;
  files: ReceivedFile[];
  /** File parts beyond maxFiles (drained, not kept). */
  overflow: number;
  /** Removes every work file; call in finally. */
  cleanup(): Promise<void>;
}

export type Receive = () => Promise<Received>;

/** Printable ASCII only, no folders, at most 200 characters (spec: non-ASCII is stripped). */
export function displayName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return base.replace(/[^\x20-\x7e]/g, '').slice(-200) || 'file';
}

/**
 * Streams the file parts of a multipart request into the work folder, each cut at maxBytes,
 * and collects the text fields.
 */
export async function receiveParts(
  request: FastifyRequest,
  workDir: string,
  limits: { maxBytes: number; maxFiles: number },
): Promise<Received> {
  const dir = path.join(workDir, 'parts');
  await mkdir(dir, { recursive: true });
  const fields: Record<string, string[]> = {};
  const files: ReceivedFile[] = [];
  let overflow = 0;
  const cleanup = async () => {
    await Promise.all(files.map((f) => rm(f.path, { force: true })));
  };
  try {
    const parts = request.parts({
      // The plugin is registered with throwFileSizeLimit false: a longer file is cut and flagged.
      limits: { fileSize: limits.maxBytes, files: 100, fields: 100, fieldSize: 10_000 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        // Text fields pass the same check as every JSON body (the route's preValidation hook
        // runs before the parts are read).
        assertCleanInput({ [part.fieldname]: String(part.value) });
        fields[part.fieldname] = [...(fields[part.fieldname] ?? []), String(part.value)];
        continue;
      }
      if (files.length >= limits.maxFiles) {
        overflow++;
        part.file.resume();
        await new Promise((resolve) => part.file.on('end', resolve));
        continue;
      }
      const name = displayName(part.filename ?? '');
      const file: ReceivedFile = {
        name,
        ext: extensionOf(name),
        path: path.join(dir, randomUUID()),
        size: 0,
        tooBig: false,
      };
      files.push(file);
      part.file.on('data', (chunk: Buffer) => {
        file.size += chunk.length;
      });
      await pipeline(part.file, createWriteStream(file.path));
      file.tooBig = part.file.truncated;
    }
  } catch (error) {
    await cleanup();
    throw error;
  }
  return { fields, files, overflow, cleanup };
}

/** The first bytes of a file, for sniffing. */
export async function headOf(file: string, bytes = 4096): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

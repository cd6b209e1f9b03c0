import { parseArgs } from 'node:util';
import { loadConfig } from './config.js';
import { LocalDiskStorage, uploadsDir } from './storage.js';
import { openFileStorage } from './storage-config.js';
import { copyFiles, removeCopied } from './storage-copy.js';

export interface MoveOutput {
  /** The progress line, rewritten in place (no newline). */
  progress(line: string): void;
  line(text: string): void;
}

const USAGE =
  'Usage: FILE_STORAGE=s3 S3_ENDPOINT=... S3_BUCKET=... S3_REGION=... S3_ACCESS_KEY_ID=... S3_SECRET_ACCESS_KEY=... npm run move-files-to-s3 [-- --delete-after]';

/**
 * `npm run move-files-to-s3`: copies an installation's files from DATA_DIR/uploads into the
 * bucket the environment configures (FILE_STORAGE=s3 and S3_*), under the same keys, so the
 * database's rows name them unchanged. Run it with the server stopped (or before the first start
 * on s3); run it again after any interruption: it copies only what the bucket lacks. The disk copy
 * stays unless `--delete-after` is given, which removes each file the bucket holds once all are
 * copied. Returns the exit code.
 */
export async function moveFilesToS3(
  args: string[],
  env: NodeJS.ProcessEnv,
  out: MoveOutput,
): Promise<number> {
  let deleteAfter: boolean;
  try {
    const { values } = parseArgs({ args, options: { 'delete-after': { type: 'boolean' } }, strict: true });
    deleteAfter = values['delete-after'] ?? false;
  } catch {
    out.line(USAGE);
    return 1;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(env);
  } catch (error) {
    out.line((error as Error).message);
    return 1;
  }
  if (config.fileStorage !== 's3') {
    out.line(`The files go to the bucket FILE_STORAGE=s3 configures. ${USAGE}`);
    return 1;
  }
  const from = new LocalDiskStorage(uploadsDir(config.dataDir));
  const to = await openFileStorage(config);
  out.line(`Moving the files of ${uploadsDir(config.dataDir)} to the bucket ${config.s3!.bucket}.`);
  const result = await copyFiles(from, to, (p) =>
    out.progress(`${p.skipped + p.copied}/${p.total} files in the bucket (${p.copied} copied now)`),
  );
  out.line('');
  out.line(`Done: ${result.total} files, ${result.copied} copied, ${result.skipped} already in the bucket.`);
  if (deleteAfter) {
    const removed = await removeCopied(from, to);
    out.line(`Removed ${removed} files from the disk (each one is in the bucket).`);
  } else {
    out.line('The disk copy stays; run again with --delete-after to remove it.');
  }
  return 0;
}

import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../platform/config.js';

/** s3rver checks request signatures against these. */
const S3RVER_KEY = 'S3RVER';

export interface TestS3 {
  /** What FILE_STORAGE=s3 needs to reach the server's bucket. */
  settings: S3Settings;
  close(): Promise<void>;
}

let started = 0;
const ROOT = path.join(tmpdir(), 'dm-test-s3');

/** Whether a process of this id still runs (signal 0 only asks). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * An S3-compatible server (s3rver) on loopback in this process, with one empty bucket, its
 * objects in a folder of its own under the system's temporary folder, named after this process.
 * A worker ended without closing its server leaves its folder behind: the next start removes the
 * folders of processes that no longer run.
 */
export async function startS3Server(bucket = 'dm-test'): Promise<TestS3> {
  mkdirSync(ROOT, { recursive: true });
  for (const name of readdirSync(ROOT)) {
    const pid = Number(name.split('-')[0]);
    if (Number.isInteger(pid) && pid !== process.pid && !alive(pid))
      rmSync(path.join(ROOT, name), { recursive: true, force: true });
  }
  const directory = path.join(ROOT, `${process.pid}-${started++}`);
  // An earlier process of the same id may have left it.
  rmSync(directory, { recursive: true, force: true });
  mkdirSync(directory);
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    settings: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: 'us-east-1',
      accessKeyId: S3RVER_KEY,
      secretAccessKey: S3RVER_KEY,
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

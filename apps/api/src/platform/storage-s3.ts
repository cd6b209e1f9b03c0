import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Settings } from './config.js';
import { assertStorageKey, type FileStorage, isStorageKey, newStorageKey } from './storage.js';

/**
 * Files in a bucket of an S3-compatible server (FILE_STORAGE=s3, decision 032): every API process
 * sees the same files. Same keys and rules as the local disk; the bucket holds nothing else the
 * app reads (keys() lists only generated keys).
 */
export class S3Storage implements FileStorage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      // Path-style addresses (endpoint/bucket/key): every S3-compatible server answers them,
      // virtual-host names need DNS for each bucket.
      forcePathStyle: true,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Checksums only where S3 requires them: newer SDKs add CRC32 trailers to every upload by
      // default, which several S3-compatible servers refuse or do not understand.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(data: Uint8Array, ext: string): Promise<string> {
    const key = newStorageKey(ext);
    await this.putAt(key, data);
    return key;
  }

  async putFile(source: string, ext: string): Promise<string> {
    const key = newStorageKey(ext);
    const { size } = await stat(source);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: createReadStream(source),
        ContentLength: size,
      }),
    );
    await rm(source, { force: true });
    return key;
  }

  async putStream(data: AsyncIterable<Uint8Array>, ext: string): Promise<string> {
    const key = newStorageKey(ext);
    await this.putAt(key, data);
    return key;
  }

  async putAt(key: string, data: Uint8Array | AsyncIterable<Uint8Array>): Promise<void> {
    assertStorageKey(key);
    if (data instanceof Uint8Array) {
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data }));
      return;
    }
    // A stream of unknown length: one PUT when it ends within the first part, else a multipart
    // upload of 8 MiB parts, two at a time (16 MiB held at most). S3 shows an object only once
    // its PUT or multipart upload completed, and a failed one is aborted: never half a file.
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: Readable.from(data) },
      partSize: 8 * 1024 * 1024,
      queueSize: 2,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  async read(key: string): Promise<Buffer> {
    const answer = await this.client.send(
      new GetObjectCommand({ Bucket: this.bucket, Key: assertStorageKey(key) }),
    );
    return Buffer.from(await answer.Body!.transformToByteArray());
  }

  async open(
    key: string,
    range?: { start: number; end: number },
  ): Promise<{ stream: Readable; size: number }> {
    const answer = await this.client.send(
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: assertStorageKey(key),
        ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
      }),
    );
    // A ranged answer's length is the range's: the whole size is after the slash of Content-Range.
    const size = range ? Number(answer.ContentRange?.split('/')[1]) : Number(answer.ContentLength);
    if (!Number.isSafeInteger(size)) throw new Error('The object store answered without a size');
    return { stream: answer.Body as Readable, size };
  }

  async size(key: string): Promise<number> {
    const head = await this.client.send(
      new HeadObjectCommand({ Bucket: this.bucket, Key: assertStorageKey(key) }),
    );
    return Number(head.ContentLength);
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: assertStorageKey(key) }));
  }

  async *keys(): AsyncIterable<string> {
    for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket })) {
      for (const object of page.Contents ?? []) if (object.Key && isStorageKey(object.Key)) yield object.Key;
    }
  }
}

/**
 * Pictures in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …), chosen by STORAGE_URL
 * (storage-url.server.ts; docs/decisions/0017-object-storage.md). Keys are checked before the SDK is even loaded,
 * so an invalid one never becomes a request. Credentials come from the SDK's default sources.
 */
import { Readable } from 'node:stream';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import type { Storage, StoredObject } from '../storage.server';
import { assertValidKey } from './keys.server';
import type { S3Location } from './storage-url.server';

type Sdk = typeof import('@aws-sdk/client-s3');

/** The client settings a location asks for; what it leaves out, the SDK reads from its usual sources. */
export function s3ClientConfig(location: S3Location): S3ClientConfig {
  const config: S3ClientConfig = {
    // A stuck store must not hold a shopper's picture request, or an admin's upload, for ever.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  };
  if (location.endpoint) {
    config.endpoint = location.endpoint;
    // SigV4 needs a region; self-hosted stores mostly ignore it and take us-east-1, as MinIO does by default.
    config.region = location.region ?? (process.env.AWS_REGION || 'us-east-1');
  } else if (location.region) config.region = location.region;
  if (location.forcePathStyle !== undefined) config.forcePathStyle = location.forcePathStyle;
  if (location.checksums) {
    const mode = location.checksums === 'when_required' ? 'WHEN_REQUIRED' : 'WHEN_SUPPORTED';
    config.requestChecksumCalculation = mode;
    config.responseChecksumValidation = mode;
  }
  return config;
}

/** S3's answer for a key that is not there: NoSuchKey from GET, a bodiless 404 (NotFound) from HEAD. */
function isMissing(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NoSuchKey' || error.name === 'NotFound');
}

export class S3Storage implements Storage {
  readonly location: S3Location;
  private connection: Promise<{ sdk: Sdk; client: S3Client }> | undefined;

  constructor(location: S3Location) {
    this.location = location;
  }

  /** The object's name in the bucket: the location's prefix, then the (checked) key. */
  objectKey(key: string): string {
    assertValidKey(key);
    return this.location.prefix + key;
  }

  private connect() {
    // The SDK takes about a tenth of a second to load: only a store that uses S3 pays it, at its first picture.
    this.connection ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client(s3ClientConfig(this.location)),
    }));
    return this.connection;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const Key = this.objectKey(key);
    const { sdk, client } = await this.connect();
    // A single PUT: S3 shows an object only once all of it has arrived, and then whole, so no reader sees half.
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.location.bucket,
        Key,
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.length,
      }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    const Key = this.objectKey(key);
    const { sdk, client } = await this.connect();
    try {
      const object = await client.send(new sdk.GetObjectCommand({ Bucket: this.location.bucket, Key }));
      // On Node the body is a stream (the response itself, or the SDK's checksum check around it).
      if (!(object.Body instanceof Readable)) throw new Error(`S3 answered ${Key} without a readable body`);
      return {
        body: object.Body,
        contentType: object.ContentType || 'application/octet-stream',
        length: object.ContentLength,
        etag: object.ETag,
        lastModified: object.LastModified,
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const Key = this.objectKey(key);
    const { sdk, client } = await this.connect();
    // S3 answers 204 for a key that is not there as well.
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.location.bucket, Key }));
  }

  async exists(key: string): Promise<boolean> {
    const Key = this.objectKey(key);
    const { sdk, client } = await this.connect();
    try {
      await client.send(new sdk.HeadObjectCommand({ Bucket: this.location.bucket, Key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async deleteFolder(folder: string): Promise<void> {
    const Prefix = `${this.objectKey(folder)}/`;
    const { sdk, client } = await this.connect();
    let ContinuationToken: string | undefined;
    do {
      // A page holds at most 1,000 keys, as many as one DeleteObjects takes.
      const page = await client.send(
        new sdk.ListObjectsV2Command({ Bucket: this.location.bucket, Prefix, ContinuationToken }),
      );
      const Objects = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
      if (Objects.length) {
        const result = await client.send(
          new sdk.DeleteObjectsCommand({ Bucket: this.location.bucket, Delete: { Objects, Quiet: true } }),
        );
        const failed = result.Errors ?? [];
        if (failed.length)
          throw new Error(`S3 kept ${failed.length} objects under ${Prefix}: ${failed[0].Key}: ${failed[0].Message}`);
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  /** Closes the client's connections (tests, and a process that is about to exit). */
  async close(): Promise<void> {
    const connection = this.connection;
    this.connection = undefined;
    if (connection) (await connection).client.destroy();
  }
}

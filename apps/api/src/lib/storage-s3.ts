import type * as S3 from '@aws-sdk/client-s3';
import type { S3StorageSettings } from '../config';
import { checkedKey, isOwnKey, type Storage, type StoredObject } from './storage-keys';

/** How long one S3 call may wait to connect and then for an answer, before the SDK retries it. */
const CONNECT_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 30_000;

/** The SDK's error for an object that is not there (GetObject, CopyObject's source). */
const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/**
 * Uploads in an S3-compatible bucket (STORAGE_URL; decision 034), so that several hosts behind one
 * proxy read the same files. Keys are the local disk's (`documents/<uuid>`, `.tmp/avatars/…`) under
 * the URL's prefix. A PUT is atomic in S3 (a reader sees the old object or the new one, never half),
 * so there are no partial writes here; `move` is CopyObject then DeleteObject: a crash between the
 * two leaves the object in both places, and the start-up sweep (lib/storage-sweep) deletes the
 * staged copy of a row that exists (moving it again changes nothing), as it finishes a local move.
 *
 * The AWS SDK is loaded on first use: a portal on the local disk never loads it.
 */
export class S3Storage implements Storage {
  private sdk: Promise<{ s3: S3.S3Client; commands: typeof S3 }> | undefined;

  constructor(
    readonly settings: S3StorageSettings,
    /** Objects per ListObjectsV2 page (S3 answers at most 1000); smaller in tests of the paging. */
    private readonly pageSize = 1000,
  ) {}

  private client() {
    this.sdk ??= import('@aws-sdk/client-s3').then((commands) => ({
      commands,
      s3: new commands.S3Client({
        region: this.settings.region,
        endpoint: this.settings.endpoint,
        forcePathStyle: this.settings.forcePathStyle,
        credentials: this.settings.credentials,
        requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
      }),
    }));
    return this.sdk;
  }

  private objectKey(key: string) {
    return `${this.settings.prefix}${checkedKey(key)}`;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const { s3, commands } = await this.client();
    await s3.send(
      new commands.PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.objectKey(key),
        Body: data,
        ContentLength: data.length,
        ContentType: 'application/octet-stream',
      }),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    const { s3, commands } = await this.client();
    try {
      const res = await s3.send(
        new commands.GetObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }),
      );
      return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : Buffer.alloc(0);
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const { s3, commands } = await this.client();
    // S3 answers 204 for a key that is not there too.
    await s3.send(
      new commands.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }),
    );
  }

  async move(from: string, to: string): Promise<void> {
    const { s3, commands } = await this.client();
    const source = this.objectKey(from);
    await s3.send(
      new commands.CopyObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.objectKey(to),
        // `bucket/key`, URL-encoded (keys here are [a-z0-9./-] only, so this changes nothing today).
        CopySource: `${this.settings.bucket}/${source.split('/').map(encodeURIComponent).join('/')}`,
      }),
    );
    await s3.send(new commands.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: source }));
  }

  async *list(): AsyncIterable<StoredObject> {
    const { s3, commands } = await this.client();
    const { bucket, prefix } = this.settings;
    let token: string | undefined;
    do {
      const page = await s3.send(
        new commands.ListObjectsV2Command({
          Bucket: bucket,
          Prefix: prefix || undefined,
          MaxKeys: this.pageSize,
          ContinuationToken: token,
        }),
      );
      for (const o of page.Contents ?? []) {
        const key = o.Key?.slice(prefix.length);
        // Only what this storage makes: anything else in the bucket (or under a deeper prefix) is not ours.
        if (key && isOwnKey(key)) yield { key, modifiedAt: o.LastModified ?? new Date() };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

/** The access key the test server knows (s3rver's own account). */
export const S3_KEY = { id: 'S3RVER', secret: 'S3RVER' };

export interface TestS3 {
  /** http://127.0.0.1:port */
  endpoint: string;
  bucket: string;
  /** A STORAGE_URL for this server: its bucket under `prefix`, with the key in the URL. */
  storageUrl(prefix?: string): string;
  /**
   * Makes an object look `ageMs` old (its LastModified), as `touch -d` does to a local file: the
   * server reads it from its file's modification time.
   */
  age(objectKey: string, ageMs: number): void;
  close(): Promise<void>;
}

/**
 * A real S3-compatible HTTP server (@20minutes/s3rver, a maintained fork of s3rver) in a child
 * process from node_modules, on a free port of 127.0.0.1, its objects in a temporary folder, with one
 * bucket. The portal reaches it through the AWS SDK's S3 client as it would reach AWS, MinIO or R2
 * (decision 034). Object requests are signed and checked as S3 checks them (s3-server-process.mjs
 * says which are not).
 */
export async function startTestS3(bucket = 'portal-test'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-s3-'));
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', path.join(import.meta.dirname, 's3-server-process.mjs'), directory, bucket],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`the S3 test server ended (code ${code})`)));
    child.once('error', reject);
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    storageUrl: (prefix = '') =>
      `s3://${S3_KEY.id}:${S3_KEY.secret}@${bucket}/${prefix}?endpoint=${encodeURIComponent(endpoint)}&forcePathStyle=true`,
    age(objectKey, ageMs) {
      const parts = objectKey.split('/');
      const file = path.join(directory, bucket, ...parts.slice(0, -1), `${parts.at(-1)}._S3rver_object`);
      const at = new Date(Date.now() - ageMs);
      fs.utimesSync(file, at, at);
    },
    async close() {
      child.stdin!.end();
      await exited;
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

// The S3-compatible server of the storage tests (s3-server.ts), in a process of its own: node
// --openssl-legacy-provider s3-server-process.mjs DIRECTORY BUCKET. s3rver makes ListObjectsV2's
// continuation tokens with DES, which OpenSSL 3 only has in its legacy provider. Prints {"port":N}
// once it listens; ends when its standard input closes (the test process ended, however it ended).
import S3rver from '@20minutes/s3rver';

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  // s3rver signs a bucket-level request (ListObjectsV2, path `/bucket/`) as `/bucket`, so the SDK's
  // correct signature does not match; the access key id must still be one it knows (S3RVER).
  allowMismatchedSignatures: true,
  vhostBuckets: false,
  configureBuckets: [{ name: bucket }],
});
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
const stop = () => server.close().finally(() => process.exit(0));
process.stdin.on('end', stop).resume();
process.on('SIGTERM', stop);

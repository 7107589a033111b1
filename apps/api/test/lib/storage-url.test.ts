import { describe, expect, it } from 'vitest';
import { loadConfig, parseStorageUrl } from '../../src/config';

/** STORAGE_URL (decision 034): what an operator writes, and the clear line for what is wrong. */
describe('STORAGE_URL', () => {
  it('when it names a bucket, a prefix, an endpoint and a key then each part is read', () => {
    expect(
      parseStorageUrl(
        's3://AKIA123:se%2Fcret@portal-uploads/live/one?endpoint=http://127.0.0.1:9000&forcePathStyle=true',
      ),
    ).toEqual({
      bucket: 'portal-uploads',
      prefix: 'live/one/',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIA123', secretAccessKey: 'se/cret' },
    });
  });

  it('when it names only a bucket then the keys are at its root, the region is AWS_REGION and the SDK finds the credentials', () => {
    expect(parseStorageUrl('s3://portal-uploads', { AWS_REGION: 'ap-southeast-1' })).toEqual({
      bucket: 'portal-uploads',
      prefix: '',
      endpoint: undefined,
      region: 'ap-southeast-1',
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(parseStorageUrl('s3://b-1/?region=eu-west-1', { AWS_REGION: 'ap-southeast-1' }).region).toBe(
      'eu-west-1',
    );
  });

  it.each([
    ['https://portal-uploads/x', /only s3:\/\/ is known/],
    ['s3://Portal_Uploads', /is not a bucket name/],
    ['s3://portal-uploads/live/my files', /the prefix may hold/],
    ['s3://portal-uploads?endpiont=http://x', /unknown parameter endpiont/],
    ['s3://portal-uploads?endpoint=minio:9000', /endpoint must be an http/],
    ['s3://portal-uploads?forcePathStyle=yes', /forcePathStyle is true or false/],
    ['s3://key-only@portal-uploads', /give both the access key id and the secret/],
    ['not a url', /not a URL/],
  ])('when it is %s then the start is refused with one clear line', (value, why) => {
    expect(() => parseStorageUrl(value)).toThrow(why);
    expect(() => loadConfig({ STORAGE_URL: value })).toThrow(/^Invalid settings:\n {2}STORAGE_URL: /);
  });

  it('when STORAGE_DIR is set too then the start is refused: one place for the uploads', () => {
    expect(() => loadConfig({ STORAGE_URL: 's3://portal-uploads', STORAGE_DIR: '/srv/uploads' })).toThrow(
      'STORAGE_URL: set STORAGE_URL (a bucket) or STORAGE_DIR (a folder), not both',
    );
    expect(loadConfig({}).storageS3).toBeNull();
  });
});

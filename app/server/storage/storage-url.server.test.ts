import { afterEach, describe, expect, it } from 'vitest';
import { env, resetEnv } from '../env.server';
import { parseStorageUrl } from './storage-url.server';

const problemOf = (value: string) => {
  const parsed = parseStorageUrl(value);
  if (!('problem' in parsed)) throw new Error(`${value} was accepted: ${JSON.stringify(parsed)}`);
  return parsed.problem;
};

describe('STORAGE_URL', () => {
  it('keeps pictures on local disk when unset, empty or file:', () => {
    for (const value of [undefined, '', '  ', 'file:', 'file://', 'file:///'])
      expect(parseStorageUrl(value)).toEqual({ location: { kind: 'local' } });
  });

  it('reads a bucket, its folder and the options', () => {
    expect(parseStorageUrl('s3://media')).toEqual({ location: { kind: 's3', bucket: 'media', prefix: '' } });
    expect(
      parseStorageUrl(
        's3://shop.media-1/store/pictures/?endpoint=http://127.0.0.1:9000&region=us-east-1&forcePathStyle=true',
      ),
    ).toEqual({
      location: {
        kind: 's3',
        bucket: 'shop.media-1',
        prefix: 'store/pictures/',
        endpoint: 'http://127.0.0.1:9000',
        region: 'us-east-1',
        forcePathStyle: true,
      },
    });
    expect(parseStorageUrl('s3://media/?endpoint=https://abc.r2.cloudflarestorage.com/&forcePathStyle=0')).toEqual({
      location: {
        kind: 's3',
        bucket: 'media',
        prefix: '',
        endpoint: 'https://abc.r2.cloudflarestorage.com',
        forcePathStyle: false,
      },
    });
    expect(parseStorageUrl('s3://media?checksums=when_required')).toMatchObject({
      location: { checksums: 'when_required' },
    });
  });

  it.each([
    ['https://bucket.s3.amazonaws.com', /must start with s3:\/\/ or be file:, not https:/],
    ['file:///srv/pictures', /takes no path after file:/],
    ['s3:media', /has no bucket name/],
    ['s3://', /has no bucket name/],
    ['s3://Media', /"Media", which is not a valid S3 bucket name/],
    ['s3://my_bucket', /not a valid S3 bucket name/],
    ['s3://ab', /not a valid S3 bucket name/],
    ['s3://a..b', /not a valid S3 bucket name/],
    ['s3://AKIA:secret@media', /must not carry credentials: set AWS_ACCESS_KEY_ID/],
    ['s3://media:9000', /has a port/],
    ['s3://media/../other', /is not a plain path/],
    ['s3://media/a//b', /is not a plain path/],
    ['s3://media/.hidden', /is not a plain path/],
    ['s3://media?endpoint=127.0.0.1:9000', /an endpoint that is not an http:\/\/ or https:\/\/ address/],
    ['s3://media?endpoint=ftp://user:secret@host', /an endpoint that is not an http:\/\/ or https:\/\/ address/],
    ['AKIA secret', /is not a URL/],
    [
      's3://media?endpoint=http://user:pw@host:9000',
      /more than the server's address: give it alone \(like http:\/\/host:9000\)/,
    ],
    ['s3://media?endpoint=http://host:9000/media', /more than the server's address/],
    ['s3://media?region=US%20East', /is not a region name/],
    ['s3://media?forcePathStyle=yes', /forcePathStyle=yes: use true or false/],
    ['s3://media?checksums=off', /checksums=off: use when_supported \(the default\) or when_required/],
    ['s3://media?forcepathstyle=true', /has the option "forcepathstyle"; it takes endpoint, region, forcePathStyle/],
  ])('refuses %j, saying why and what to set', (value, why) => {
    const problem = problemOf(value);
    // The message goes to the log: nothing that may be a secret is repeated in it.
    for (const secret of ['AKIA', 'secret', 'pw@']) expect(problem).not.toContain(secret);
    expect(problem).toMatch(/^STORAGE_URL /);
    expect(problem).toMatch(why);
    expect(problem).toContain('leave it unset (or file:)');
  });
});

describe('env() and STORAGE_URL', () => {
  afterEach(() => {
    delete process.env.STORAGE_URL;
    resetEnv();
  });

  it('refuses a malformed STORAGE_URL at start', () => {
    process.env.STORAGE_URL = 's3://Media?endpoint=localhost';
    resetEnv();
    expect(() => env()).toThrow(/Invalid environment settings: STORAGE_URL names the bucket "Media"/);
  });

  it('takes a good one', () => {
    process.env.STORAGE_URL = 's3://media?endpoint=http://127.0.0.1:9000&forcePathStyle=true';
    resetEnv();
    expect(env().STORAGE_URL).toBe('s3://media?endpoint=http://127.0.0.1:9000&forcePathStyle=true');
  });
});

/**
 * STORAGE_URL: where uploaded and generated pictures live (docs/decisions/0017-object-storage.md). Unset or
 * `file:`, the local folder $DATA_DIR/uploads; `s3://bucket[/prefix]?endpoint=…&region=…&forcePathStyle=true` an
 * S3-compatible bucket, with credentials from the AWS SDK's usual sources (AWS_ACCESS_KEY_ID and
 * AWS_SECRET_ACCESS_KEY, a profile, an instance role), never from the URL: the URL is a setting that ends up in
 * logs and shell histories. Pure (no env, no SDK): env.server.ts uses it to refuse a malformed value at start.
 */

/**
 * When the SDK adds and checks CRC checksums. Its default (`when_supported`) sends them with every upload and asks
 * for them on every download; `when_required` only where S3 demands one, for stores that refuse the newer headers.
 */
export type ChecksumMode = 'when_supported' | 'when_required';

export type S3Location = {
  kind: 's3';
  bucket: string;
  /** Put before every key: '' or a folder ending in '/' ('shop/'), so one bucket can hold several stores. */
  prefix: string;
  /** An S3-compatible service (MinIO, R2, …); unset, AWS itself. */
  endpoint?: string;
  /** Unset: the SDK's own sources (AWS_REGION, the config file). */
  region?: string;
  /** Bucket in the path (http://host/bucket/key) rather than the host name, as most self-hosted stores need. */
  forcePathStyle?: boolean;
  /** Unset: the SDK's own sources (AWS_REQUEST_CHECKSUM_CALCULATION and its default). */
  checksums?: ChecksumMode;
};

export type StorageLocation = { kind: 'local' } | S3Location;

const EXAMPLE = 's3://my-bucket?region=eu-west-1, or s3://media?endpoint=http://127.0.0.1:9000&forcePathStyle=true';
const HELP =
  `Set STORAGE_URL to an S3 bucket (for example ${EXAMPLE}), or leave it unset (or file:) to keep pictures in ` +
  '$DATA_DIR/uploads. Credentials come from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, never from the URL.';

/** S3's rule for bucket names: 3-63 lowercase letters, digits, dots and hyphens, a letter or digit at each end. */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
/** The same segments storage keys are made of (keys.server.ts), so prefix + key is still a safe key. */
const PREFIX_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}$/;
const REGION = /^[a-z0-9-]{1,50}$/;
const OPTIONS = ['endpoint', 'region', 'forcePathStyle', 'checksums'];

/** STORAGE_URL as a location, or a message saying what is wrong with it. */
export function parseStorageUrl(value: string | undefined): { location: StorageLocation } | { problem: string } {
  const given = value?.trim() ?? '';
  if (given === '') return { location: { kind: 'local' } };
  const problem = (what: string) => ({ problem: `STORAGE_URL ${what}. ${HELP}` });
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    // Not echoed: a value that is not a URL may still hold a key someone pasted into it.
    return problem('is not a URL');
  }
  if (url.protocol === 'file:') {
    // The folder is DATA_DIR's: another one here would split pictures from the data they belong to.
    if (url.host || url.pathname !== '/' || url.search || url.hash)
      return problem('takes no path after file: (pictures stay in $DATA_DIR/uploads; set DATA_DIR to move them)');
    return { location: { kind: 'local' } };
  }
  if (url.protocol !== 's3:') return problem(`must start with s3:// or be file:, not ${url.protocol}`);
  if (url.username || url.password)
    return problem('must not carry credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY instead');
  if (url.port || url.hash) return problem('has a port or # part where the bucket name should be alone');
  const bucket = url.hostname;
  if (bucket === '') return problem('has no bucket name: write it right after s3:// (s3://my-bucket)');
  if (!BUCKET.test(bucket) || bucket.includes('..'))
    return problem(`names the bucket ${JSON.stringify(bucket)}, which is not a valid S3 bucket name`);
  // The path as written: URL would quietly resolve `a/../b` to `b`.
  const written = given.replace(/^s3:\/\/[^/?#]*/i, '').replace(/[?#].*$/, '');
  const segments = written
    .split('/')
    .filter((segment, i, all) => !(segment === '' && (i === 0 || i === all.length - 1)));
  if (!segments.every((segment) => PREFIX_SEGMENT.test(segment)))
    return problem(`has the folder ${JSON.stringify(written)}, which is not a plain path like /shop/media`);
  const prefix = segments.map((segment) => `${segment}/`).join('');

  const location: S3Location = { kind: 's3', bucket, prefix };
  const unknown = [...url.searchParams.keys()].filter((name) => !OPTIONS.includes(name));
  if (unknown.length)
    return problem(
      `has the option ${unknown.map((name) => JSON.stringify(name)).join(', ')}; it takes ${OPTIONS.join(', ')}`,
    );
  const endpoint = url.searchParams.get('endpoint');
  if (endpoint !== null) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(endpoint);
    } catch {
      // Reported below.
    }
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:'))
      return problem('has an endpoint that is not an http:// or https:// address');
    // The endpoint is not echoed either: it may carry a password, which belongs in AWS_SECRET_ACCESS_KEY.
    if (parsed.username || parsed.password || parsed.pathname !== '/' || parsed.search || parsed.hash)
      return problem(`has an endpoint with more than the server's address: give it alone (like ${parsed.origin})`);
    location.endpoint = parsed.origin;
  }
  const region = url.searchParams.get('region');
  if (region !== null) {
    if (!REGION.test(region)) return problem(`has region=${region}, which is not a region name like us-east-1`);
    location.region = region;
  }
  const pathStyle = url.searchParams.get('forcePathStyle');
  if (pathStyle !== null) {
    if (!['true', 'false', '1', '0'].includes(pathStyle))
      return problem(`has forcePathStyle=${pathStyle}: use true or false`);
    location.forcePathStyle = pathStyle === 'true' || pathStyle === '1';
  }
  const checksums = url.searchParams.get('checksums');
  if (checksums !== null) {
    if (checksums !== 'when_supported' && checksums !== 'when_required')
      return problem(`has checksums=${checksums}: use when_supported (the default) or when_required`);
    location.checksums = checksums;
  }
  return { location };
}

/**
 * A real S3-compatible server for tests: @20minutes/s3rver (the maintained fork of s3rver) in this process, on a
 * free local port, keeping its objects in a temporary folder, with one bucket. It checks SigV4 signatures against
 * its one key pair (S3RVER / S3RVER), which reaches the SDK as a deployment's would: through AWS_ACCESS_KEY_ID and
 * AWS_SECRET_ACCESS_KEY. Every request it receives is recorded, headers included.
 */
import S3rver from '@20minutes/s3rver';
import fs from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import os from 'node:os';
import path from 'node:path';

export type RecordedRequest = { method: string; url: string; headers: IncomingHttpHeaders };

export type TestS3 = {
  endpoint: string;
  bucket: string;
  /** A STORAGE_URL for this server: `folder` becomes the key prefix, `options` is added to the query. */
  storageUrl: (extra?: { folder?: string; options?: string }) => string;
  requests: RecordedRequest[];
  /** Stops the server, deletes its folder and puts the AWS variables back as they were. */
  close: () => Promise<void>;
};

const VARIABLES = {
  AWS_ACCESS_KEY_ID: 'S3RVER',
  AWS_SECRET_ACCESS_KEY: 'S3RVER',
  // Should the credentials ever be missing, the SDK must not go looking for an EC2 instance role on the network.
  AWS_EC2_METADATA_DISABLED: 'true',
  // The SDK's notice that its 2027 releases need Node 22 is for operators (decision 0017), not for every test run.
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};

export async function startTestS3(bucket = 'media'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3-test-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  // s3rver signs a request on the bucket itself (listing, batch delete) as if its path were /media, while the SDK
  // rightly signs the /media/ it sends, so those would fail with SignatureDoesNotMatch. For those requests only,
  // s3rver's own allowMismatchedSignatures is turned on; every request on an object keeps its signature checked.
  server.middleware.unshift((context, next) => {
    if (/^\/[^/]+\/$/.test(context.path))
      context.app = Object.create(context.app, { allowMismatchedSignatures: { value: true } }) as S3rver;
    return next();
  });
  const saved = Object.fromEntries(Object.keys(VARIABLES).map((name) => [name, process.env[name]]));
  Object.assign(process.env, VARIABLES);
  let address;
  try {
    address = await server.run();
  } catch (error) {
    fs.rmSync(directory, { recursive: true, force: true });
    throw error;
  }
  const requests: RecordedRequest[] = [];
  server.httpServer?.on('request', (req) =>
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers }),
  );
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    storageUrl: ({ folder = '', options = '' } = {}) => {
      const query = `endpoint=${endpoint}&region=us-east-1&forcePathStyle=true${options ? `&${options}` : ''}`;
      return `s3://${bucket}/${folder}?${query}`;
    },
    requests,
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    },
  };
}

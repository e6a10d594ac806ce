/** The part of @20minutes/s3rver (a maintained fork of s3rver, which ships no types) the tests use. */
declare module '@20minutes/s3rver' {
  import type { IncomingMessage, Server } from 'node:http';
  import type { AddressInfo } from 'node:net';

  type Options = {
    address?: string;
    port?: number;
    directory?: string;
    silent?: boolean;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  };

  /** Koa's context, as far as the harness looks at it. */
  export type S3rverContext = { path: string; req: IncomingMessage; app: S3rver };
  type Middleware = (context: S3rverContext, next: () => Promise<void>) => unknown;

  export default class S3rver {
    constructor(options?: Options);
    /** Koa's middleware list, run in order for every request. */
    middleware: Middleware[];
    allowMismatchedSignatures: boolean;
    httpServer?: Server;
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}

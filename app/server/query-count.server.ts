/**
 * Bench mode (BENCH_COUNT_QUERIES=1, set by `npm run bench`): the app counts the SQL statements it sends and
 * tells each page's count in an `x-db-queries` response header. Off, it costs nothing: no driver hook, no
 * middleware. One process-wide counter rather than AsyncLocalStorage, which slows every promise on Node 20:
 * a request's count is the difference across it, exact when it ran alone (the bench asks one page at a
 * time) and reported as "overlapped" when another request ran meanwhile.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export const QUERY_COUNT_HEADER = 'x-db-queries';

/** Process-wide: the server and the app are one module graph (server/app.ts), so one copy of this counter. */
const counter = { statements: 0 };

export const queryCountingEnabled = () => process.env.BENCH_COUNT_QUERIES === '1';

/** Options for the postgres.js client: its `debug` hook runs once per statement sent. */
export function queryCountOptions(): { debug?: () => void } {
  return queryCountingEnabled()
    ? {
        debug: () => {
          counter.statements++;
        },
      }
    : {};
}

export const statementsSent = () => counter.statements;

type Next = (error?: unknown) => void;

/** Express middleware (only mounted in bench mode): sets the header when the response head is written. */
export function queryCountHeader() {
  let inFlight = 0;
  let started = 0;
  return (_req: IncomingMessage, res: ServerResponse, next: Next) => {
    const before = counter.statements;
    const alone = inFlight === 0;
    const ticket = ++started;
    inFlight++;
    res.once('close', () => inFlight--);
    const writeHead = res.writeHead;
    res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
      const overlapped = !alone || started !== ticket;
      if (!this.headersSent)
        this.setHeader(QUERY_COUNT_HEADER, overlapped ? 'overlapped' : String(counter.statements - before));
      return writeHead.apply(this, args);
    } as ServerResponse['writeHead'];
    next();
  };
}

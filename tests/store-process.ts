/** Runs the store as `npm start` does (scripts/start.ts on the production build) for tests that need a real process. */
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../scripts/lib/embedded-postgres';

export type StoreProcess = {
  child: ChildProcess;
  port: number;
  base: string;
  output: () => string;
  exited: Promise<number | null>;
};

/** How the store is started: scripts/start.ts on the production build, unless a test runs it as a user does. */
const START = { command: process.execPath, args: ['--import', 'tsx', 'scripts/start.ts'] };

export async function startStore(
  env: Record<string, string>,
  port?: number,
  { command, args } = START,
): Promise<StoreProcess> {
  const chosen = port ?? (await freePort());
  const child = spawn(command, args, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(chosen),
      LOG_LEVEL: 'warn',
      // One process unless a test asks for more: tests read one process's logs and state.
      WEB_CONCURRENCY: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      // A store that never got ready must not outlive the test that gave up on it.
      child.kill('SIGTERM');
      reject(new Error(`not ready in time:\n${output}`));
    }, 150_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Store ready at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`exited early with ${code}:\n${output}`)));
  });
  return { child, port: chosen, base: `http://localhost:${chosen}`, output: () => output, exited };
}

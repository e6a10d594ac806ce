/**
 * `npm test`: unit and integration tests (Vitest, real PostgreSQL), then end-to-end tests
 * (Playwright driving Debian's Chromium against the production build on a freshly seeded database).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const bin = (name: string) => path.resolve('node_modules/.bin', name);
const extra = process.argv.slice(2);

function step(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  console.log(`\n=== ${title} ===\n`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

const e2eDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-e2e-'));
// mkdtemp makes an owner-only folder; as root, PostgreSQL runs as the postgres user and must enter it.
fs.chmodSync(e2eDataDir, 0o755);
let ok = step('unit and integration tests', bin('vitest'), ['run', ...extra], { NODE_ENV: 'test' });
ok = step('end-to-end tests (Chromium)', bin('playwright'), ['test'], { E2E_DATA_DIR: e2eDataDir }) && ok;
fs.rmSync(e2eDataDir, { recursive: true, force: true });

console.log(ok ? '\nAll tests passed.' : '\nSome tests failed (see above).');
process.exit(ok ? 0 : 1);

/**
 * `npm test`: unit and integration tests (Vitest, real PostgreSQL), then end-to-end tests
 * (Playwright driving Debian's Chromium against the production build on a freshly seeded database).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { removeOutsideCluster } from './lib/cluster-location';

const bin = (name: string) => path.resolve('node_modules/.bin', name);
const extra = process.argv.slice(2);

function step(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  console.log(`\n=== ${title} ===\n`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

// An owner-only folder (mkdtemp): as root, the store keeps its cluster outside it, where the postgres user can
// enter, and removing the folder must remove that too (docs/decisions/0011-postgres-outside-private-folders.md).
const e2eDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-e2e-'));
// Lint first and cheaply: ESLint (layering, hooks, accessibility) and Prettier's check (eslint.config.js).
let ok =
  step('lint (ESLint)', bin('eslint'), ['.']) && step('format check (Prettier)', bin('prettier'), ['--check', '.']);
// Then the types: Vite and Vitest strip them without checking, so only tsc sees a wrong one (route types first).
ok =
  step('route types (react-router typegen)', bin('react-router'), ['typegen']) &&
  step('type check (tsc)', bin('tsc'), []) &&
  ok;
ok = step('unit and integration tests', bin('vitest'), ['run', ...extra], { NODE_ENV: 'test' }) && ok;
ok = step('end-to-end tests (Chromium)', bin('playwright'), ['test'], { E2E_DATA_DIR: e2eDataDir }) && ok;
removeOutsideCluster(path.join(e2eDataDir, 'postgres'));
fs.rmSync(e2eDataDir, { recursive: true, force: true });

console.log(ok ? '\nAll tests passed.' : '\nSome tests failed (see above).');
process.exit(ok ? 0 : 1);

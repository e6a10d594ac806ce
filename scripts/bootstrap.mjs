#!/usr/bin/env node
/**
 * Entry of `npm start`, `npm run dev`, `npm test` and `npm run bench` on a fresh clone: installs the
 * dependencies when they are missing or stale, builds when the build is stale, then runs the task
 * in a child process and relays SIGINT/SIGTERM to it. Plain JavaScript: it runs before anything is installed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);
const task = process.argv[2];
const rest = process.argv.slice(3);

function say(line) {
  console.log(`[setup] ${line}`);
}

function runOrDie(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`[setup] "${command} ${args.join(' ')}" failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

const lockHash = () =>
  createHash('sha256').update(fs.readFileSync('package-lock.json')).update(process.version).digest('hex');

function ensureDependencies() {
  const stamp = path.join('node_modules', '.installed-lock-hash');
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === lockHash()) return;
  // `npm install`, not `npm ci`: this registry mirror leaves other platforms' optional packages out
  // of the lock file, which `npm ci` rejects as out of sync. The lock file still pins every version.
  say('installing dependencies (npm install)...');
  runOrDie('npm', ['install', '--no-audit', '--no-fund']);
  fs.writeFileSync(stamp, lockHash());
}

function newestMtime(entries) {
  let newest = 0;
  for (const entry of entries) {
    if (!fs.existsSync(entry)) continue;
    const stat = fs.statSync(entry);
    if (stat.isDirectory())
      newest = Math.max(newest, newestMtime(fs.readdirSync(entry).map((name) => path.join(entry, name))));
    else newest = Math.max(newest, stat.mtimeMs);
  }
  return newest;
}

function ensureBuild() {
  const stamp = path.join('build', '.built-at');
  // server/app.ts bundles the app with the seed and demo accounts the start runs (decision 0018).
  const sources = [
    'app',
    'server',
    'scripts/seed',
    'scripts/demo-accounts.ts',
    'public',
    'vite.config.ts',
    'react-router.config.ts',
    'package-lock.json',
  ];
  if (fs.existsSync(stamp) && Number(fs.readFileSync(stamp, 'utf8')) >= newestMtime(sources)) return;
  say('building the production app...');
  runOrDie('npx', ['react-router', 'build']);
  fs.writeFileSync(stamp, String(Date.now()));
}

function chromiumPath() {
  return ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((file) => fs.existsSync(file));
}

function ensureChromium() {
  if (process.env.CHROMIUM_PATH || chromiumPath()) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      '[setup] Chromium is needed for the end-to-end tests. Install it with:\n' +
        '  sudo apt-get update && sudo apt-get install -y chromium',
    );
    process.exit(1);
  }
  say('installing Chromium (apt-get install chromium)...');
  runOrDie('apt-get', ['update', '-qq']);
  runOrDie('apt-get', ['install', '-y', '-qq', 'chromium'], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

/** Runs the task as a child; a signal to us is passed on, and we exit with the child's code. */
function handOver(args, env = {}) {
  const child = spawn(process.execPath, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

ensureDependencies();
switch (task) {
  case 'start':
    ensureBuild();
    handOver(['--import', 'tsx', 'scripts/start.ts', ...rest], { NODE_ENV: 'production' });
    break;
  case 'dev':
    handOver(['--import', 'tsx', 'scripts/start.ts', '--dev', ...rest], { NODE_ENV: 'development' });
    break;
  case 'test':
    ensureChromium();
    ensureBuild();
    handOver(['--import', 'tsx', 'scripts/test.ts', ...rest]);
    break;
  case 'bench':
    ensureChromium();
    // The bench builds the app itself, into its own folder (.build-bench), so a running `npm start` keeps its build.
    handOver(['--import', 'tsx', 'bench/run.ts', ...rest]);
    break;
  default:
    console.error('usage: node scripts/bootstrap.mjs start|dev|test|bench');
    process.exit(2);
}

/**
 * Docs that cannot drift: every repository path that docs/architecture.md, docs/requirements.md, README.md and the
 * decision records name must exist, and every decision record must say its status and date.
 *
 * What counts as a path (in an inline code span, outside fenced blocks):
 * - text that starts with a top-level folder of the repository (`app/`, `server/`, `scripts/`, `tests/`, `docs/`,
 *   `drizzle/`, `bench/`, `public/`) or with the `~/` alias of `app/`, such as `app/server/db.server.ts` or
 *   `drizzle/`; a `#anchor` or `:line` after it is dropped, and an anchor into a markdown file must be a heading;
 * - a root file named alone: `package.json`, `Dockerfile` or any name of the form `<word>.config.<ext>`,
 *   `tsconfig*.json`, `server.ts`;
 * - never text with a space, `*` (a glob), `{`, `<`, `$`, `…` or `...` (placeholders), nor a route URL (`/admin`).
 * Markdown links to relative files (`[text](../requirements.md#8-payments)`) must reach a file, and their anchor a
 * heading of it. Source files of app/, server/, scripts/, tests/ and bench/ cite docs the same way: every
 * `docs/….md#anchor` must reach a heading, and every "decision NNNN" a record.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const decisionsDir = path.join(root, 'docs/decisions');
const decisionFiles = fs
  .readdirSync(decisionsDir)
  .filter((name) => /^\d{4}-.*\.md$/.test(name))
  .sort();
const docs = [
  'docs/architecture.md',
  'docs/requirements.md',
  'docs/paystack-simulator.md',
  'README.md',
  'docs/decisions/README.md',
  'docs/decisions/template.md',
  ...decisionFiles.map((name) => `docs/decisions/${name}`),
];

const topFolders = ['app', 'server', 'scripts', 'tests', 'docs', 'drizzle', 'bench', 'public'];
const rootFile = /^(package(-lock)?\.json|tsconfig[\w.-]*\.json|Dockerfile|server\.ts|[\w-]+\.config\.[cm]?[jt]s)$/;
const placeholder = /[\s*{}<>$…]|\.\.\./;

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

const anchorsOf = (file: string) =>
  new Set(
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => /^#{1,6}\s/.test(line))
      .map((line) => slug(line.replace(/^#+\s/, ''))),
  );

/** Whether git ignores `file`: an output the store or its tools write, not a file of the repository. */
const generated = (file: string) => spawnSync('git', ['check-ignore', '-q', file], { cwd: root }).status === 0;

/** What is wrong with `target` (a path from the repository root, maybe with #anchor), or null when it is fine. */
function problem(target: string): string | null {
  const [file, anchor] = target.split('#');
  const full = path.join(root, file);
  // A file the store writes when it runs (bench/results.json, data/) is ignored by git, so a fresh clone lacks it.
  if (!fs.existsSync(full)) return generated(file) ? null : 'no such file or folder';
  if (anchor && file.endsWith('.md') && !anchorsOf(full).has(anchor)) return `no heading #${anchor}`;
  return null;
}

/** The repository paths `text` names in inline code, from the repository root. */
function codePaths(text: string): string[] {
  const prose = text.replace(/^```[\s\S]*?^```/gm, '');
  const paths: string[] = [];
  for (const [, span] of prose.matchAll(/`([^`\n]+)`/g)) {
    if (placeholder.test(span)) continue;
    const candidate = span.replace(/^~\//, 'app/').replace(/:\d+(-\d+)?$/, '');
    const first = candidate.split('/')[0];
    if ((candidate.includes('/') && topFolders.includes(first)) || rootFile.test(candidate)) paths.push(candidate);
  }
  return paths;
}

/** The relative files `text` links to, from the repository root. */
function linkedPaths(text: string, doc: string): string[] {
  const prose = text.replace(/^```[\s\S]*?^```/gm, '');
  const paths: string[] = [];
  for (const [, target] of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^([a-z]+:|#|\/)/i.test(target)) continue;
    const [file, anchor] = target.split('#');
    const fromRoot = path.relative(root, path.resolve(root, path.dirname(doc), file));
    paths.push(anchor ? `${fromRoot}#${anchor}` : fromRoot);
  }
  return paths;
}

describe('docs name only paths that exist', () => {
  it.each(docs)('%s', (doc) => {
    const text = fs.readFileSync(path.join(root, doc), 'utf8');
    const missing = [
      ...codePaths(text).map((target) => [`\`${target}\``, problem(target)] as const),
      ...linkedPaths(text, doc).map((target) => [`link ${target}`, problem(target)] as const),
    ]
      .filter(([, why]) => why !== null)
      .map(([what, why]) => `${what}: ${why}`);
    expect(missing).toEqual([]);
  });

  it('a path that does not exist is reported', () => {
    expect(codePaths('see `app/server/nowhere.server.ts`, `/admin/orders`, `app/lib/*.ts`, `server.ts`')).toEqual([
      'app/server/nowhere.server.ts',
      'server.ts',
    ]);
    expect(problem('app/server/nowhere.server.ts')).toBe('no such file or folder');
    expect(problem('docs/requirements.md#no-such-heading')).toBe('no heading #no-such-heading');
    expect(linkedPaths('[a](../requirements.md#x) [b](https://example.com)', 'docs/decisions/0001.md')).toEqual([
      'docs/requirements.md#x',
    ]);
  });
});

/** Every source file of the repository's code folders (no dependencies, builds or data). */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name.startsWith('.') ? [] : sourceFiles(file);
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) ? [file] : [];
  });
}

describe('code cites only docs that exist', () => {
  const sources = ['app', 'server', 'scripts', 'tests', 'bench']
    .filter((dir) => fs.existsSync(path.join(root, dir)))
    .flatMap(sourceFiles)
    .filter((file) => file !== path.relative(root, import.meta.filename));

  it('every docs/….md#anchor and decision NNNN a source file names exists', () => {
    const missing: string[] = [];
    for (const file of sources) {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      for (const [target] of text.matchAll(/\b(docs\/[\w/.-]+\.md|README\.md)(#[\w-]+)?/g)) {
        const why = problem(target);
        if (why) missing.push(`${file}: ${target}: ${why}`);
      }
      for (const [, numbers] of text.matchAll(/\b[Dd]ecisions? (\d{4}(?:(?:, | and )\d{4})*)/g)) {
        for (const [number] of numbers.matchAll(/\d{4}/g)) {
          if (!decisionFiles.some((name) => name.startsWith(number))) missing.push(`${file}: decision ${number}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('decision records say their status and date', () => {
  const index = fs.readFileSync(path.join(decisionsDir, 'README.md'), 'utf8');
  const status = /^Status: (Accepted|Accepted, amended by .+|Superseded by .+)\\?$/;

  it.each(decisionFiles)('%s', (name) => {
    const lines = fs.readFileSync(path.join(decisionsDir, name), 'utf8').split('\n');
    const number = name.slice(0, 4);
    expect(lines[0]).toMatch(new RegExp(`^# ${number}:? `));
    expect(lines[1]).toBe('');
    const header = lines.slice(2, lines.indexOf('', 2)).join(' ');
    expect(header).toMatch(/^Status: .+\\ Date: \d{4}-\d{2}-\d{2}$/);
    const [statusLine] = header.split('\\ Date:');
    expect(statusLine).toMatch(status);
    const changedBy = [...statusLine.matchAll(/\[(\d{4})\]\((\d{4}-[^)]+\.md)\)/g)].map(([, n]) => n);
    for (const later of changedBy) expect(decisionFiles.some((file) => file.startsWith(later))).toBe(true);

    const row = index.split('\n').find((line) => line.startsWith(`| [${number}](${name}) |`));
    expect(row, `a row for ${name} in docs/decisions/README.md`).toBeDefined();
    const indexStatus = row!.split('|')[2].trim();
    expect(indexStatus).toBe(
      changedBy.length === 0
        ? 'Accepted'
        : `${statusLine.startsWith('Status: Superseded') ? 'Superseded' : 'Amended'} by ${changedBy.join(', ')}`,
    );
  });
});

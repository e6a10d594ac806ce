/**
 * The Paystack simulator is a development and test tool (decision 0032): no production build carries it. The built
 * server (BUILD_DIR or build/, as tests/built-app.ts finds it) holds none of the strings only the simulator has: its
 * control endpoint and the keys it makes up.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const serverDir = path.resolve(process.env.BUILD_DIR ?? 'build', 'server');
const SIMULATOR_MARKERS = ['/__control', 'sk_test_sim_', 'pk_test_simulator'];

function builtFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? builtFiles(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
}

describe('the production build', () => {
  it('does not contain the Paystack simulator', () => {
    if (!fs.existsSync(path.join(serverDir, 'index.js'))) throw new Error(`${serverDir} is missing: build first`);
    const files = builtFiles(serverDir).filter((file) => /\.(c|m)?js$/.test(file));
    expect(files.length).toBeGreaterThan(0);
    const found = files.flatMap((file) => {
      const text = fs.readFileSync(file, 'utf8');
      return SIMULATOR_MARKERS.filter((marker) => text.includes(marker)).map((marker) => `${marker} in ${file}`);
    });
    expect(found).toEqual([]);
  });
});

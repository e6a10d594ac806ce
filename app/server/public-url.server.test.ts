/** PUBLIC_URL: required by a deployment, an origin alone, and the one source of the store's absolute links. */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { env, publicUrlProblem } from './env.server';
import { publicOrigin, publicUrl } from './public-url.server';

describe('PUBLIC_URL', () => {
  it('is required by a production deployment on its own database, and nowhere else', () => {
    expect(publicUrlProblem({ NODE_ENV: 'production', PUBLIC_URL: undefined }, false)).toMatch(
      /PUBLIC_URL is not set\. In production set it/,
    );
    expect(publicUrlProblem({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.com' }, false)).toBeNull();
    expect(publicUrlProblem({ NODE_ENV: 'production', PUBLIC_URL: undefined }, true)).toBeNull();
    expect(publicUrlProblem({ NODE_ENV: 'development', PUBLIC_URL: undefined }, false)).toBeNull();
    expect(publicUrlProblem({ NODE_ENV: 'test', PUBLIC_URL: undefined }, false)).toBeNull();
  });

  it('must be an http(s) origin alone: the store is served from the root of its host', () => {
    expect(publicUrlProblem({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.com/' }, false)).toBeNull();
    expect(publicUrlProblem({ NODE_ENV: 'production', PUBLIC_URL: 'http://shop.example.com:8080' }, false)).toBeNull();
    for (const wrong of [
      'https://shop.example.com/store',
      'https://shop.example.com/?a=1',
      'https://user:secret@shop.example.com',
    ]) {
      const problem = publicUrlProblem({ NODE_ENV: 'development', PUBLIC_URL: wrong }, true);
      expect(problem).toMatch(/without a path, query or user name \(for example https:\/\/shop\.example\.com\)/);
      expect(problem).not.toContain('secret');
    }
    expect(publicUrlProblem({ NODE_ENV: 'development', PUBLIC_URL: 'ftp://shop.example.com' }, true)).toMatch(
      /must start with https:\/\//,
    );
  });

  it('falls back to http://localhost:$PORT for the demo store, development and tests', () => {
    expect(env().PUBLIC_URL).toBeUndefined();
    expect(publicOrigin()).toBe(`http://localhost:${env().PORT}`);
    expect(publicUrl('/reset-password?token=a%2Bb')).toBe(`http://localhost:${env().PORT}/reset-password?token=a%2Bb`);
  });
});

describe('npm start as a production deployment', () => {
  const start = (extra: Record<string, string>) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://store@db.invalid:5432/store',
        BETTER_AUTH_SECRET: 'x'.repeat(40),
        PORT: '0',
        ...extra,
      },
      encoding: 'utf8',
      timeout: 60_000,
    });

  it('stops at start with a clear message without PUBLIC_URL, and with every other problem in the same message', () => {
    const missing = start({ PUBLIC_URL: '' });
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toContain('PUBLIC_URL is not set. In production set it to the address shoppers use');
    const several = start({ PUBLIC_URL: '', BETTER_AUTH_SECRET: '', TRUST_PROXY: 'true' });
    expect(several.status).not.toBe(0);
    for (const text of [
      'BETTER_AUTH_SECRET is not set',
      'PUBLIC_URL is not set',
      'TRUST_PROXY=true would believe any client',
    ])
      expect(several.stderr).toContain(text);
  });
});

import { describe, expect, it } from 'vitest';
import { authSecretProblem } from './env.server';

const strong = 'x'.repeat(32);

describe('BETTER_AUTH_SECRET', () => {
  it('is required, and long, for a production deployment on its own database', () => {
    expect(authSecretProblem({ NODE_ENV: 'production', BETTER_AUTH_SECRET: undefined }, false)).toMatch(
      /BETTER_AUTH_SECRET is not set/,
    );
    expect(authSecretProblem({ NODE_ENV: 'production', BETTER_AUTH_SECRET: 'short' }, false)).toMatch(
      /too short \(5 characters\)/,
    );
    expect(authSecretProblem({ NODE_ENV: 'production', BETTER_AUTH_SECRET: strong }, false)).toBeNull();
  });

  it('may be left out by the self-contained npm start on the embedded database, but not given short', () => {
    expect(authSecretProblem({ NODE_ENV: 'production', BETTER_AUTH_SECRET: undefined }, true)).toBeNull();
    expect(authSecretProblem({ NODE_ENV: 'production', BETTER_AUTH_SECRET: 'short' }, true)).toMatch(/too short/);
  });

  it('is optional in development and tests (a generated one is kept in DATA_DIR)', () => {
    expect(authSecretProblem({ NODE_ENV: 'development', BETTER_AUTH_SECRET: undefined }, false)).toBeNull();
    expect(authSecretProblem({ NODE_ENV: 'test', BETTER_AUTH_SECRET: 'short' }, false)).toBeNull();
  });
});

describe('npm start in production mode', () => {
  it('stops at start with a clear message when a deployment has no secret', async () => {
    const { spawnSync } = await import('node:child_process');
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://store@db.invalid:5432/store',
      BETTER_AUTH_SECRET: '',
      PORT: '0',
    };
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('BETTER_AUTH_SECRET is not set');
  });
});

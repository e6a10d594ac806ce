import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = { '~': path.resolve(import.meta.dirname, 'app') };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['app/lib/**/*.test.ts', 'app/components/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: [
            'app/server/**/*.test.ts',
            'app/routes/**/*.test.ts',
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/integration/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          globalSetup: ['tests/setup/global-database.ts'],
          setupFiles: ['tests/setup/file-database.ts'],
          env: { NODE_ENV: 'test' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});

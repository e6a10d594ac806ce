import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  // BUILD_DIR lets a second build (a test run beside a running store) not overwrite the first.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  future: { v8_middleware: true, v8_trailingSlashAwareDataRequests: true },
} satisfies Config;

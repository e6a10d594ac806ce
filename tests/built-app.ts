/** React Router's production build, as the store runs it: from build/server/index.js (server/app.ts), its loadBuild(). */
import fs from 'node:fs';
import path from 'node:path';
import type { ServerBuild } from 'react-router';

const serverFile = path.resolve(process.env.BUILD_DIR ?? 'build', 'server', 'index.js');

export async function builtApp(): Promise<ServerBuild> {
  if (!fs.existsSync(serverFile)) throw new Error(`${serverFile} is missing: build first (npm test does)`);
  const server = (await import(/* @vite-ignore */ serverFile)) as { loadBuild: () => Promise<ServerBuild> };
  return server.loadBuild();
}

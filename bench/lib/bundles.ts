/**
 * Which routes' browser bundles load Zod (decision 0019): the storefront pages a shopper on a cheap phone opens first
 * (home, listings, product, cart) must not; form pages may (they validate with the same schema as the server). Read
 * from the production build: a route's module and the chunks it imports, each searched for Zod's own error class name.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';

/** Routes that must stay free of Zod. */
export const ZOD_FREE_ROUTES = [
  'routes/home',
  'collections',
  'new-arrivals',
  'routes/collection',
  'routes/product',
  'routes/cart',
];

export async function routesLoadingZod(buildDir: string): Promise<string[]> {
  // The server bundle is server/app.ts (decision 0018); React Router's build is what its loadBuild() gives.
  const server = (await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href)) as {
    loadBuild: () => Promise<ServerBuild>;
  };
  const build = await server.loadBuild();
  const clientDir = path.join(buildDir, 'client');
  const hasZod = new Map<string, boolean>();
  const loadsZod = (file: string) => {
    if (!hasZod.has(file)) hasZod.set(file, fs.readFileSync(path.join(clientDir, file), 'utf8').includes('ZodError'));
    return hasZod.get(file)!;
  };
  return Object.entries(build.assets.routes)
    .filter(([, route]) => route && [route.module, ...(route.imports ?? [])].some(loadsZod))
    .map(([id]) => id)
    .sort();
}

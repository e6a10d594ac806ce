/** /manifest.webmanifest: what a phone needs to install the store (docs/decisions/0043-installable-store.md). */
import { webAppManifest } from '~/server/store/store-icons.server';

export async function loader() {
  return new Response(JSON.stringify(await webAppManifest()), {
    // An hour, like the other files at the site's root (server/app.ts): a renamed store shows within it.
    headers: { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}

/**
 * /icons/192.png and /icons/512.png: the manifest's icons, made from the store's logo or its initial
 * (app/server/store/store-icons.server.ts). The manifest names them with a version of their source, so a day's
 * cache never outlives a new logo for a new install.
 */
import { ICON_SIZES, storeIcon, type IconSize } from '~/server/store/store-icons.server';
import type { Route } from './+types/store-icon';

const SIZES = new Map<string, IconSize>(ICON_SIZES.map((size) => [`${size}.png`, size]));

export async function loader({ params }: Route.LoaderArgs) {
  const size = SIZES.get(params.file);
  if (!size) throw new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  const png = await storeIcon(size);
  return new Response(new Uint8Array(png), {
    headers: { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=86400' },
  });
}

/**
 * The store's logo (docs/decisions/0042-launch-checklist.md): uploaded on /admin/settings through the image pipeline
 * (re-encoded as WebP, its metadata stripped), then shown in the header with its size and the name as alt text, and in
 * the home page's JSON-LD; refused when not an image; removed again.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { Header } from '~/components/header';
import { VISITOR_VIEW } from '~/lib/shopper-view';
import * as root from '~/root';
import { storage } from '~/server/storage.server';
import { multipart } from '../../../tests/admin-catalog-helpers';
import { createUser } from '../../../tests/factories';
import { args, get, outcome, routeModule } from '../../../tests/route-helpers';
import { logoBytes, storeIdentity } from './store-identity.server';

const settingsRoute = await routeModule<typeof import('~/routes/admin/settings')>('routes/admin/settings.tsx');
const home = await import('~/routes/home');

let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  admin = await createUser({ admin: true });
});

/** A 600 x 150 PNG carrying EXIF (an author and a camera): the pipeline must not keep it. */
const logoWithExif = () =>
  sharp({ create: { width: 600, height: 150, channels: 4, background: { r: 10, g: 10, b: 10, alpha: 1 } } })
    .png()
    .withExif({ IFD0: { Artist: 'Secret Person', Make: 'PhoneCo' } })
    .toBuffer();

const sendLogo = (fields: Record<string, string>, files: Parameters<typeof multipart>[2] = []) =>
  outcome(() => settingsRoute.action(args(multipart('/admin/settings?logo', fields, files, { cookie: admin.cookie }))));

const rootData = async () =>
  (await outcome(() => root.loader(args(get('/'))))).data as Awaited<ReturnType<typeof root.loader>>['data'];

function headerHtml(data: Awaited<ReturnType<typeof rootData>>) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: createElement(Header, {
        storeName: data.store.name,
        logo: data.store.logo,
        shopper: VISITOR_VIEW,
      }),
    },
  ]);
  return renderToString(createElement(RouterProvider, { router }));
}

describe('the store logo', () => {
  it('shows the name in the header while there is no logo', async () => {
    const data = await rootData();
    expect(data.store.logo).toBeNull();
    expect(headerHtml(data)).not.toContain('<img');
  });

  it('refuses a file that is not an image, and a post without a file', async () => {
    const notImage = await sendLogo({ intent: 'upload' }, [
      { field: 'logo', name: 'logo.png', bytes: Buffer.from('not a picture at all') },
    ]);
    expect(notImage.status).toBe(400);
    expect((notImage.data as { logoError: string }).logoError).toMatch(/"logo.png" was not uploaded/);
    const none = await sendLogo({ intent: 'upload' });
    expect(none.status).toBe(400);
    expect((await storeIdentity()).logo).toBeNull();
  });

  it('stores the upload as WebP without its metadata, and shows it in the header and the JSON-LD', async () => {
    const answer = await sendLogo({ intent: 'upload' }, [
      { field: 'logo', name: 'Adire Logo.png', bytes: await logoWithExif() },
    ]);
    expect(answer.location).toBe('/admin/settings?logo=saved');
    const { logo, name } = await storeIdentity();
    expect(logo).toMatchObject({ width: 600, height: 150, widths: [320] });
    expect(logo!.key).toMatch(/^brand\/\d+_adire-logo$/);
    const stored = await logoBytes(logo);
    const meta = await sharp(stored!.bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(stored!.bytes.includes('Secret Person')).toBe(false);
    expect(await storage().exists(`${logo!.key}-320.webp`)).toBe(true);

    const data = await rootData();
    expect(data.store.logo).toEqual({ src: `/media/${logo!.key}-320.webp`, width: 128, height: 32 });
    const header = headerHtml(data);
    expect(header).toContain(`<img src="/media/${logo!.key}-320.webp" alt="${name}" width="128" height="32"`);

    const tags = home.meta({
      loaderData: { heroSlides: [] },
      matches: [{ loaderData: data }],
    } as never) as { 'script:ld+json'?: { '@graph': { '@type': string; logo?: string }[] } }[];
    const graph = tags.find((tag) => tag['script:ld+json'])!['script:ld+json']!['@graph'];
    expect(graph.find((node) => node['@type'] === 'Organization')?.logo).toBe(
      `${data.origin}/media/${logo!.key}-320.webp`,
    );
  });

  it('removes the logo: the header shows the name again', async () => {
    const answer = await sendLogo({ intent: 'remove' });
    expect(answer.location).toBe('/admin/settings?logo=removed');
    expect((await storeIdentity()).logo).toBeNull();
    expect((await rootData()).store.logo).toBeNull();
  });
});

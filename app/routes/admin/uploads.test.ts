/**
 * The upload endpoint, /admin/uploads: a real image, a renamed text file, over 10MB, and bodies far over the
 * limit.
 */
import { describe, expect, it } from 'vitest';
import { bigPng, multipart, png } from '../../../tests/admin-catalog-helpers';
import { createUser } from '../../../tests/factories';
import { args, outcome, ORIGIN } from '../../../tests/route-helpers';
import { cookie, expectStoredFiles, textFile, uploadPng, uploads, withAdminCatalog } from './products-test-helpers';

withAdminCatalog();

describe('/admin/uploads', () => {
  it('stores a real image as WebP variants with width and height and answers it as JSON', async () => {
    const image = await uploadPng('Look Book 01.png');
    expect(image).toMatchObject({ width: 640, height: 800, widths: [320, 640] });
    expect(image.key).toMatch(/^products\/\d{13}_look-book-01$/);
    await expectStoredFiles(image);
  });

  it('refuses a post without a file, or for an unknown folder', async () => {
    const none = await outcome(() =>
      uploads.action(args(multipart('/admin/uploads', { folder: 'products' }, [], { cookie }))),
    );
    expect([none.status, JSON.parse(none.data as string).error]).toEqual([400, 'Please choose an image file.']);
    const tiny = await png(10, 10);
    const folder = await outcome(() =>
      uploads.action(
        args(
          multipart('/admin/uploads', { folder: 'hero' }, [{ field: 'file', name: 'a.png', bytes: tiny }], { cookie }),
        ),
      ),
    );
    expect(folder.status).toBe(400);
  });

  it('refuses a renamed text file and an image over 10MB with a message naming the file', async () => {
    const text = await outcome(() =>
      uploads.action(
        args(
          multipart(
            '/admin/uploads',
            { folder: 'products' },
            [{ field: 'file', name: 'photo.jpg', bytes: textFile, type: 'image/jpeg' }],
            { cookie },
          ),
        ),
      ),
    );
    expect(text.status).toBe(400);
    expect(JSON.parse(text.data as string).error).toMatch(/^"photo\.jpg" was not uploaded\. The file is not an image/);
    const bytes = await bigPng(10 * 1024 * 1024 + 1);
    const huge = await outcome(() =>
      uploads.action(
        args(
          multipart('/admin/uploads', { folder: 'collections' }, [{ field: 'file', name: 'poster.png', bytes }], {
            cookie,
          }),
        ),
      ),
    );
    expect(huge.status).toBe(400);
    expect(JSON.parse(huge.data as string).error).toBe(
      '"poster.png" is larger than 10MB. Please choose an image of up to 10MB.',
    );
  });

  function streamedPost(declared: string | null, total: number) {
    const state = { sent: 0 };
    const chunk = new Uint8Array(1024 * 1024);
    const head = new TextEncoder().encode(
      '--b\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n',
    );
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (state.sent >= total) return controller.close();
        const part = state.sent === 0 ? head : chunk;
        state.sent += part.byteLength;
        controller.enqueue(part);
      },
    });
    const headers: Record<string, string> = {
      origin: ORIGIN,
      cookie,
      'content-type': 'multipart/form-data; boundary=b',
    };
    if (declared) headers['content-length'] = declared;
    return {
      request: new Request(`${ORIGIN}/admin/uploads`, { method: 'POST', headers, body, duplex: 'half' } as RequestInit),
      state,
    };
  }

  it('refuses a 200 MB post by its declared length without reading it', async () => {
    const { request, state } = streamedPost(String(200 * 1024 * 1024), 200 * 1024 * 1024);
    const result = await outcome(() => uploads.action(args(request)));
    expect(result.status).toBe(413);
    expect(JSON.parse(result.data as string).error).toBe(
      'The image is larger than 10MB. Please choose an image of up to 10MB.',
    );
    expect(state.sent).toBeLessThan(2 * 1024 * 1024);
  });

  it('stops reading a post without a declared length once it passes the limit', async () => {
    const { request, state } = streamedPost(null, 200 * 1024 * 1024);
    const result = await outcome(() => uploads.action(args(request)));
    expect(result.status).toBe(413);
    expect(state.sent).toBeLessThan(30 * 1024 * 1024);
  });

  it('is for admins only, from this site only', async () => {
    const customer = await createUser();
    const asCustomer = await outcome(() =>
      uploads.action(args(multipart('/admin/uploads', { folder: 'products' }, [], { cookie: customer.cookie }))),
    );
    expect([asCustomer.status, asCustomer.location]).toEqual([302, '/']);
    const crossSite = multipart('/admin/uploads', { folder: 'products' }, [], { cookie });
    crossSite.headers.set('origin', 'https://evil.example');
    expect((await outcome(() => uploads.action(args(crossSite)))).status).toBe(403);
  });
});

/**
 * Decision 0027: a control character in any query string or form field is a 400 with one clear message, before a
 * loader or action runs (app/server/http/control-characters.server.ts, the root route's middleware), never a
 * database error. The cases that were a 500 (a NUL byte in the admin's order search) and the forms that store or
 * mail what is typed (register, contact), through the route tree's middleware; then through the production build's
 * own handler, as a page and as React Router's single-fetch request.
 */
import { createRequestHandler } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, users } from '~/db/schema';
import { CONTROL_CHARACTERS_MESSAGE } from '~/lib/forms/control-characters';
import { db } from '~/server/db.server';
import { builtApp } from '../built-app';
import { createUser } from '../factories';
import { args, get, ORIGIN, outcome, post, routeModule } from '../route-helpers';

const adminOrders = await routeModule('routes/admin/orders.tsx');
const collections = await routeModule('routes/shop.tsx');
const catchAll = await routeModule('routes/not-found.tsx');
const register = await routeModule('routes/register.tsx');
const contact = await routeModule('routes/contact.tsx');
const productNew = await routeModule('routes/admin/product-new.tsx');

let admin = { cookie: '' };
beforeAll(async () => {
  admin = await createUser({ admin: true });
});

const refused = { status: 400, data: CONTROL_CHARACTERS_MESSAGE };

describe('through the route tree', () => {
  it("a NUL byte in the admin's order search is a 400, not a database error", async () => {
    expect(await outcome(() => adminOrders.loader(args(get('/admin/orders?q=%00', admin.cookie))))).toMatchObject(
      refused,
    );
    expect(await outcome(() => adminOrders.loader(args(get('/admin/orders?q=ada%00x', admin.cookie))))).toMatchObject(
      refused,
    );
    // The search itself still works.
    expect((await outcome(() => adminOrders.loader(args(get('/admin/orders?q=ada', admin.cookie))))).status).toBe(200);
  });

  it('the shop search and any other address: a control character in the query is a 400', async () => {
    for (const query of ['q=%00', 'q=shirt%0D%0A', 'q=%1B%5B31m', 'q=%7F', 'sort%00=new']) {
      expect(await outcome(() => collections.loader(args(get(`/collections?${query}`)))), query).toMatchObject(refused);
    }
    expect(await outcome(() => catchAll.loader(args(get('/search?q=%00'))))).toMatchObject(refused);
    expect((await outcome(() => collections.loader(args(get('/collections?q=shirt'))))).status).toBe(200);
  });

  it('a register form field with a NUL byte or a line break: a 400, no account', async () => {
    const form = (firstName: string, email: string) => ({
      firstName,
      lastName: 'Obi',
      email,
      password: 'a-long-enough-passphrase',
      confirmPassword: 'a-long-enough-passphrase',
      terms: 'on',
    });
    expect(
      await outcome(() => register.action(args(post('/register', form('Ada\0', 'nul@example.com'))))),
    ).toMatchObject(refused);
    expect(
      await outcome(() =>
        register.action(args(post('/register', form('Ada\r\nhttps://evil.example', 'br@example.com')))),
      ),
    ).toMatchObject(refused);
    const rows = await db().select({ email: users.email }).from(users);
    expect(rows.map((row) => row.email)).not.toEqual(expect.arrayContaining(['nul@example.com']));
    expect(rows.map((row) => row.email)).not.toEqual(expect.arrayContaining(['br@example.com']));
  });

  it('a contact message with a NUL byte is a 400 and not kept; tabs and line breaks in it are text', async () => {
    const full = { name: 'Chidi', email: 'chidi@example.com', subject: 'Hello', message: 'One\0two' };
    expect(await outcome(() => contact.action(args(post('/contact', full))))).toMatchObject(refused);
    expect(await db().$count(contactMessages)).toBe(0);
    const fine = await outcome(() => contact.action(args(post('/contact', { ...full, message: 'One\r\n\ttwo' }))));
    expect(fine.status).toBe(200);
    expect(await db().$count(contactMessages)).toBe(1);
  });

  it("a multipart form's text fields are checked too; its files are not read as text", async () => {
    const multipart = (name: string) => {
      const body = new FormData();
      body.append('name', name);
      body.append('description', 'Line one\r\nLine two');
      body.append('images', new File([new Uint8Array([0, 1, 2, 0x7f])], 'photo.png', { type: 'image/png' }));
      return new Request(`${ORIGIN}/admin/products/new`, {
        method: 'POST',
        headers: { origin: ORIGIN, cookie: admin.cookie },
        body,
      });
    };
    expect(await outcome(() => productNew.action(args(multipart('Tee\0'))))).toMatchObject(refused);
    // The same form with clean text reaches the action (which answers its own field errors: no price, no photo).
    expect((await outcome(() => productNew.action(args(multipart('Tee'))))).status).not.toBe(500);
    expect((await outcome(() => productNew.action(args(multipart('Tee'))))).data).not.toBe(CONTROL_CHARACTERS_MESSAGE);
  });

  it("a form larger than the page forms' cap is checked by the admin's reader, after the admin guard", async () => {
    const large = (cookie?: string) => {
      const body = new FormData();
      body.append('name', 'Tee\0');
      body.append('images', new File([new Uint8Array(100 * 1024)], 'photo.png', { type: 'image/png' }));
      return new Request(`${ORIGIN}/admin/products/new`, {
        method: 'POST',
        headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
        body,
      });
    };
    // The admin's post is parsed once, by the form's own reader, which refuses it the same way.
    expect(await outcome(() => productNew.action(args(large(admin.cookie))))).toMatchObject(refused);
    // A visitor's is never read: the guard turns it away first.
    expect((await outcome(() => productNew.action(args(large())))).status).toBe(302);
  });
});

describe('through the production build', () => {
  let handler: (request: Request) => Promise<Response>;
  beforeAll(async () => {
    handler = createRequestHandler(await builtApp(), 'production');
  });

  it("a page asked with a NUL byte is the store's 400 page with the message", async () => {
    const response = await handler(new Request(`${ORIGIN}/collections?q=%00`));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(CONTROL_CHARACTERS_MESSAGE);
  });

  it("a form sent by React Router's fetch (single fetch) with a NUL byte is a 400 too, nothing kept", async () => {
    const before = await db().$count(contactMessages);
    const response = await handler(
      new Request(`${ORIGIN}/contact.data`, {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ name: 'A', email: 'a@example.com', subject: 'S', message: 'x\0y' }),
      }),
    );
    expect(response.status).toBe(400);
    expect(await db().$count(contactMessages)).toBe(before);
  });
});

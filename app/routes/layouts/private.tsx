/**
 * The pages about one person: their cart, checkout, orders, account and wishlist, the sign-in forms, and the whole
 * admin. No shared cache may keep them and the browser keeps no copy (http/middleware.server.ts). A page is
 * private by being placed under this layout in app/routes.ts; it renders only its children.
 */
import { privatePage } from '~/server/http/middleware.server';
import type { Route } from './+types/private';

export const middleware: Route.MiddlewareFunction[] = [privatePage];

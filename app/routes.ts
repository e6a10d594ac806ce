import { index, route, type RouteConfig } from '@react-router/dev/routes';

/** One line per URL of SPEC.md section 2. */
export default [
  index('routes/home.tsx'),
  route('collections', 'routes/shop.tsx', { id: 'collections' }),
  route('new-arrivals', 'routes/shop.tsx', { id: 'new-arrivals' }),
  route('collections/:collectionId', 'routes/collection.tsx'),
  route('product/:id', 'routes/product.tsx'),
  route('cart', 'routes/cart.tsx'),
  route('about', 'routes/about.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('terms', 'routes/terms.tsx'),
  route('privacy', 'routes/privacy.tsx'),
  route('newsletter', 'routes/newsletter.ts'),
  route('register', 'routes/register.tsx'),
  route('login', 'routes/login.tsx'),
  route('logout', 'routes/logout.ts'),
  route('forgot-password', 'routes/forgot-password.tsx'),
  route('reset-password', 'routes/reset-password.tsx'),
  route('account', 'routes/account.tsx'),
  route('orders', 'routes/orders.tsx'),
  route('orders/:orderId', 'routes/order.tsx'),
  route('admin', 'routes/admin/index.tsx'),
  route('sitemap.xml', 'routes/sitemap[.]xml.ts'),
  route('robots.txt', 'routes/robots[.]txt.ts'),
  route('404', 'routes/not-found.tsx', { id: '404' }),
  route('*', 'routes/not-found.tsx', { id: 'catch-all' }),
] satisfies RouteConfig;

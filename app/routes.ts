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
  route('sitemap.xml', 'routes/sitemap[.]xml.ts'),
  route('robots.txt', 'routes/robots[.]txt.ts'),
  route('404', 'routes/not-found.tsx', { id: '404' }),
  route('*', 'routes/not-found.tsx', { id: 'catch-all' }),
] satisfies RouteConfig;

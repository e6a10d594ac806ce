import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

/** One line per URL of docs/requirements.md#3-routes. */
export default [
  index('routes/home.tsx'),
  route('collections', 'routes/shop.tsx', { id: 'collections' }),
  route('new-arrivals', 'routes/shop.tsx', { id: 'new-arrivals' }),
  route('collections/:collectionId', 'routes/collection.tsx'),
  route('product/:id', 'routes/product.tsx'),
  route('about', 'routes/about.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('terms', 'routes/terms.tsx'),
  route('privacy', 'routes/privacy.tsx'),
  route('newsletter', 'routes/newsletter.ts'),
  // "Ask about this piece": a redirect to the store's WhatsApp chat, never kept
  // (docs/requirements.md#9-order-and-payment-statuses).
  route('whatsapp/ask', 'routes/whatsapp-ask.ts'),
  // Pages about one person: never kept by a shared cache (routes/layouts/private.tsx).
  layout('routes/layouts/private.tsx', [
    route('cart', 'routes/cart.tsx'),
    route('register', 'routes/register.tsx'),
    route('login', 'routes/login.tsx'),
    route('logout', 'routes/logout.ts'),
    // "Email me when it's back" from the product page: redirects back to it with the outcome (decision 0027).
    route('back-in-stock', 'routes/back-in-stock.ts'),
    // Its "confirm you want this alert" link: a page whose button confirms, never the GET (decision 0027).
    route('back-in-stock/confirm', 'routes/back-in-stock-confirm.tsx'),
    route('forgot-password', 'routes/forgot-password.tsx'),
    route('reset-password', 'routes/reset-password.tsx'),
    route('verify-email', 'routes/verify-email.tsx'),
    // An admin invitation's link (decision 0026): outside the admin guard, since the invitee has no rights yet.
    route('admin-invitation', 'routes/admin-invitation.tsx'),
    // A marketing mail's one-click unsubscribe (docs/requirements.md#9-order-and-payment-statuses): by its signed
    // token, without signing in.
    route('unsubscribe', 'routes/unsubscribe.tsx'),
    route('account', 'routes/account.tsx'),
    route('orders', 'routes/orders.tsx'),
    route('orders/:orderId', 'routes/order.tsx'),
    // Where Paystack sends the shopper back after paying an order again from its page (decision 0025).
    route('orders/:orderId/payment', 'routes/order-payment.ts'),
    // A buyer's review of one line of a delivered order (decision 0040).
    route('orders/:orderId/review/:position', 'routes/order-review.tsx'),
    route('wishlist', 'routes/wishlist.tsx'),
    route('checkout', 'routes/checkout.tsx'),
    route('checkout/callback', 'routes/checkout-callback.tsx'),
    route('checkout/payment-status', 'routes/checkout-payment-status.ts'),
    route('order-success/:id', 'routes/order-success.tsx'),
    // JSON for the product page's Delivery panel once it has loaded: the signed-in shopper's own promise.
    route('delivery-estimate', 'routes/delivery-estimate.ts'),
    route('admin', 'routes/admin/layout.tsx', [
      index('routes/admin/index.tsx'),
      route('launch/demo-catalog', 'routes/admin/launch-demo-catalog.ts'),
      route('products', 'routes/admin/products.tsx'),
      route('products/export', 'routes/admin/products-export.ts'),
      route('products/import', 'routes/admin/product-import.tsx'),
      route('products/import/:id', 'routes/admin/product-import-view.tsx'),
      route('products/new', 'routes/admin/product-new.tsx'),
      route('products/edit/:id', 'routes/admin/product-edit.tsx'),
      route('uploads', 'routes/admin/uploads.ts'),
      route('collections', 'routes/admin/collections.tsx'),
      route('collections/new', 'routes/admin/collection-new.tsx'),
      route('collections/edit/:id', 'routes/admin/collection-edit.tsx'),
      // A whole collection put on sale or its sale ended (decision 0034): the edit page's sale form posts here.
      route('collections/edit/:id/sale', 'routes/admin/collection-sale.tsx'),
      route('colours', 'routes/admin/colours.tsx'),
      route('colours/new', 'routes/admin/colour-new.tsx'),
      route('colours/edit/:id', 'routes/admin/colour-edit.tsx'),
      route('size-sets', 'routes/admin/size-sets.tsx'),
      route('size-sets/new', 'routes/admin/size-set-new.tsx'),
      route('size-sets/edit/:id', 'routes/admin/size-set-edit.tsx'),
      route('size-guides', 'routes/admin/size-guides.tsx'),
      route('size-guides/new', 'routes/admin/size-guide-new.tsx'),
      route('size-guides/edit/:id', 'routes/admin/size-guide-edit.tsx'),
      route('orders', 'routes/admin/orders.tsx'),
      route('orders/export', 'routes/admin/orders-export.ts'),
      route('orders/:orderId', 'routes/admin/order.tsx'),
      // A chargeback's answers (decision 0031): the order page's dispute forms post here; errors come back on this page.
      route('orders/:orderId/disputes/:disputeId', 'routes/admin/order-dispute.tsx'),
      route('settings', 'routes/admin/settings.tsx'),
      // Every mail the store sends, shown with the store's settings and a sample order; "Send me a test".
      route('settings/mails', 'routes/admin/settings-mails.tsx'),
      route('delivery', 'routes/admin/delivery.tsx'),
      route('delivery/reviewed', 'routes/admin/delivery-reviewed.ts'),
      route('delivery/new', 'routes/admin/delivery-zone-new.tsx'),
      route('delivery/edit/:id', 'routes/admin/delivery-zone-edit.tsx'),
      route('promo-codes', 'routes/admin/promo-codes.tsx'),
      route('promo-codes/new', 'routes/admin/promo-code-new.tsx'),
      route('promo-codes/edit/:id', 'routes/admin/promo-code-edit.tsx'),
      route('inbox', 'routes/admin/inbox.tsx'),
      route('inbox/subscribers-export', 'routes/admin/subscribers-export.ts'),
      route('mail-failures', 'routes/admin/mail-failures.tsx'),
      route('reviews', 'routes/admin/reviews.tsx'),
      route('admins', 'routes/admin/admins.tsx'),
    ]),
  ]),
  route('webhooks/paystack', 'routes/webhooks.paystack.ts'),
  route('healthz', 'routes/healthz.ts'),
  route('sitemap.xml', 'routes/sitemap[.]xml.ts'),
  route('robots.txt', 'routes/robots[.]txt.ts'),
  // Installing the store and its offline use (decision 0043): the manifest, its icons, the service worker and the page
  // it shows for a page it cannot fetch.
  route('manifest.webmanifest', 'routes/manifest[.]webmanifest.ts'),
  route('icons/:file', 'routes/store-icon.ts'),
  route('sw.js', 'routes/sw[.]js.ts'),
  route('offline', 'routes/offline.tsx'),
  route('404', 'routes/not-found.tsx', { id: '404' }),
  route('*', 'routes/not-found.tsx', { id: 'catch-all' }),
] satisfies RouteConfig;

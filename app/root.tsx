import { useFocusAfterNavigation } from './hooks/use-focus-after-navigation';
import { HydratedProvider } from './hooks/use-hydrated';
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import type { Route } from './+types/root';
import { Footer } from './components/footer';
import { Header } from './components/header';
import { useShopperView } from './hooks/use-shopper-view';
import { refuseControlCharacters } from './server/http/control-characters.server';
import { requestContext, sameOrigin } from './server/http/middleware.server';
import { shopperOf, shopperView } from './server/http/request-context.server';
import { paymentsInTestMode } from './server/payments/paystack/config.server';
import { publicOrigin } from './server/public-url.server';
import { getSettings } from './server/store/settings.server';
import { storeChatText, storeChatUrl } from './lib/whatsapp';
import { HEADER_LOGO_HEIGHT, logoAt } from './lib/store/store-identity';
import './app.css';

/**
 * Every request: who is asking is read once for all its loaders, nothing is changed from another site, and no query
 * or form field carries a control character (decision 0027).
 */
export const middleware: Route.MiddlewareFunction[] = [requestContext, sameOrigin, refuseControlCharacters];

export async function loader(args: Route.LoaderArgs) {
  // The shopper: no query without a session cookie, one (session + user + cart count) with it.
  const [settings, shopper] = await Promise.all([getSettings(), shopperOf(args).then(shopperView)]);
  return data({
    store: {
      name: settings.storeName,
      supportEmail: settings.supportEmail,
      supportPhone: settings.supportPhone,
      /**
       * The footer's WhatsApp chat (docs/requirements.md#9-order-and-payment-statuses); null without a number, and then
       * no page shows a WhatsApp link.
       */
      whatsappChat: storeChatUrl(settings.whatsappNumber, storeChatText(settings.storeName)),
      bannerText: settings.bannerText,
      /** The header's logo, drawn in a box of its own size (decision 0042); null: the header shows the name. */
      logo: settings.logo && logoAt(settings.logo, HEADER_LOGO_HEIGHT),
    },
    /** The header's cart count and account links; the guards of protected pages check on the server themselves. */
    ...shopper,
    /**
     * Canonical, Open Graph and JSON-LD links: from PUBLIC_URL, never the Host header (this page may be stored and
     * shared).
     */
    origin: publicOrigin(),
    /** No real money moves (the Paystack simulator, or a staging store's test keys): every page says so. */
    testMode: paymentsInTestMode(),
  });
}

/**
 * A cart post that failed (offline, refused) changed nothing the root shows; reloading it anyway would
 * turn a network failure into the root error page instead of the form's own message.
 */
export function shouldRevalidate({ formAction, actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction === '/cart' && actionResult && actionResult.ok === false) return false;
  return defaultShouldRevalidate;
}

export type RootData = Awaited<ReturnType<typeof loader>>['data'];

/** The root loader's data from any route or component (undefined only when the root loader failed). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>('root');
}

/**
 * The scripts start only after the page has painted (decision 0010): until React takes over, every form is plain
 * HTML. The provider says when it has (decision 0048), and marks the document for the end-to-end tests.
 */
export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <HydratedProvider>
      <Document>{children}</Document>
    </HydratedProvider>
  );
}

function Document({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const shopper = useShopperView();
  useFocusAfterNavigation();
  return (
    <html lang="en-NG">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#111111" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-paper font-sans text-ink antialiased">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-paper focus:p-2"
        >
          Skip to content
        </a>
        {root?.testMode ? (
          // A named region, so it is among the landmarks a screen reader moves by.
          <section
            aria-label="Test mode"
            className="bg-[#fde68a] px-4 py-1 text-center text-xs font-medium uppercase tracking-widest text-ink"
          >
            <p>Test mode: payments are simulated and no card is charged</p>
          </section>
        ) : null}
        <Header storeName={root?.store.name ?? 'Store'} logo={root?.store.logo} shopper={shopper} />
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          {children}
        </main>
        <Footer store={root?.store} />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = 'Something went wrong';
  let message = 'An unexpected error occurred. Please try again in a moment.';
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      title = 'Page not found';
      message = 'The page you are looking for does not exist or has moved.';
    } else {
      title = `Error ${error.status}`;
      message = typeof error.data === 'string' && error.data ? error.data : error.statusText || message;
    }
  }
  return (
    <section className="container-page py-24 text-center">
      <title>{`${title} | Store`}</title>
      <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
      <p className="mt-4 text-muted">{message}</p>
      <a
        href="/"
        className="mt-8 inline-block bg-ink px-6 py-3 text-sm font-medium uppercase tracking-widest text-paper"
      >
        Go Home
      </a>
    </section>
  );
}

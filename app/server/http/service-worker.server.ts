/**
 * The storefront's service worker (docs/decisions/0043-installable-store.md), hand-written, served at /sw.js and
 * registered by a few inline lines after the page has loaded (no byte in any page's bundle). It:
 * - keeps the built files (/assets/, hashed names) in a cache named after the build, and drops older builds' caches
 *   when it takes over, so a new build replaces the old cache;
 * - keeps the shareable pages the shopper has opened (network first, the kept copy when the network fails) and the
 *   offline page, fetched at install without cookies; and, under the same rules, the data (`.data`) of the pages
 *   opened by a link once the scripts ran, so such a link followed offline opens the kept page too;
 * - answers a link followed offline to a page whose data (or route script) it has not kept with a move to the page
 *   itself as a document, which it then answers as any page: the kept copy or the offline page;
 * - never keeps a personal page (PERSONAL_PATHS, the pages of app/routes/layouts/private.tsx), a response marked
 *   `private` or `no-store` (every page seen with a session or cart cookie, docs/decisions/0007-http-caching.md), a
 *   redirect or an error, and never answers a request it does not own: POSTs and every non-GET, range requests, other
 *   origins, the simulator's /__ routes, navigations to personal pages and their data, and JSON fetches all go to
 *   the network as if there were no worker.
 */
import { ownScriptAttribute } from './content-security-policy.server';

/** First segments of the paths of pages about one person (app/routes.ts, layouts/private.tsx) and of redirects. */
export const PERSONAL_PATHS = [
  'cart',
  'checkout',
  'account',
  'orders',
  'wishlist',
  'login',
  'register',
  'logout',
  'admin',
  'admin-invitation',
  'order-success',
  'forgot-password',
  'reset-password',
  'verify-email',
  'unsubscribe',
  'back-in-stock',
  'delivery-estimate',
  'whatsapp',
] as const;

/** The running build as the worker needs it: its version and the stylesheets the offline page needs. */
export type WorkerBuild = { version: string; stylesheets: readonly string[] };
/** Until server/app.ts names the production build (development, routes loaded by tests): nothing to precache. */
let currentBuild: WorkerBuild = { version: 'development', stylesheets: [] };

/** Called by server/app.ts once it has loaded the production build. */
export function setWorkerBuild(build: WorkerBuild): void {
  currentBuild = build;
}

export const workerBuild = (): WorkerBuild => currentBuild;

export const OFFLINE_PATH = '/offline';
export const SERVICE_WORKER_PATH = '/sw.js';

/** The worker's script for a build: `version` names its cache, `precache` lists files the offline page needs. */
export function serviceWorkerScript(version: string, precache: readonly string[]): string {
  const personal = `^/(${PERSONAL_PATHS.join('|')})(/|$)`;
  return `// The store's service worker: docs/decisions/0043-installable-store.md
"use strict";
var CACHE = ${JSON.stringify(`store-${version}`)};
var OFFLINE = ${JSON.stringify(OFFLINE_PATH)};
var PRECACHE = ${JSON.stringify(precache)};
var PERSONAL = new RegExp(${JSON.stringify(personal)});
// React Router's answer to a data request that sends the browser to the page as a document (a link followed offline).
var RELOAD = { "X-Remix-Status": "302", "X-Remix-Reload-Document": "true" };
// What a route script the cache lacks is, offline: a module that loads the page React Router is going to, as a
// document (answered by this worker), and never finishes loading itself; with no link being followed, a failure.
var MISSING_SCRIPT = "var router = self.__reactRouterDataRouter, to = router && router.state.navigation.location; " +
  "if (!to) throw new Error('Offline'); location.assign(to.pathname + to.search + to.hash); " +
  "await new Promise(function () {});";

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    var offline = fetch(OFFLINE, { credentials: "omit", cache: "no-store" }).then(function (response) {
      if (!response.ok) throw new Error("The offline page answered " + response.status);
      return cache.put(OFFLINE, response);
    });
    return Promise.all([offline, cache.addAll(PRECACHE)]);
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name !== CACHE && name.indexOf("store-") === 0;
    }).map(function (name) { return caches.delete(name); }));
  }));
});

function keepable(response, type) {
  var control = response.headers.get("Cache-Control") || "";
  return response.status === 200 && response.type === "basic" && !response.redirected &&
    !/\\b(private|no-store)\\b/.test(control) && type.test(response.headers.get("Content-Type") || "");
}

function asset(event) {
  return caches.open(CACHE).then(function (cache) {
    return cache.match(event.request).then(function (hit) {
      return hit || fetch(event.request).then(function (response) {
        if (response.status === 200 && response.type === "basic") {
          event.waitUntil(cache.put(event.request, response.clone()));
        }
        return response;
      }, function (error) {
        if (event.request.destination !== "script") throw error;
        return new Response(MISSING_SCRIPT, { headers: { "Content-Type": "text/javascript" } });
      });
    });
  });
}

function page(event) {
  var url = event.request.url;
  return fetch(event.request).then(function (response) {
    if (keepable(response, /^text\\/html\\b/)) {
      var copy = response.clone();
      event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.put(url, copy); }));
    }
    return response;
  }, function (error) {
    return caches.open(CACHE).then(function (cache) {
      return cache.match(url, { ignoreVary: true }).then(function (hit) {
        return hit || cache.match(OFFLINE).then(function (offline) {
          if (offline) return offline;
          throw error;
        });
      });
    });
  });
}

/** The page a data request is for: "/about.data" is "/about"'s, "/_.data" the home page's. */
function pageOf(url) {
  var page = new URL(url);
  page.searchParams.delete("_routes");
  page.pathname = page.pathname.replace(/(\\/_)?\\.data$/, function (end, slash) { return slash ? "/" : ""; });
  return page;
}

/**
 * A page's data, network first, kept as its page would be (a prefetch, not a page seen, is not); offline, the kept
 * copy, else React Router's move to the page as a document.
 */
function data(event, page) {
  var request = event.request;
  var purpose = (request.headers.get("Sec-Purpose") || "") + (request.headers.get("Purpose") || "");
  return fetch(request).then(function (response) {
    if (!/prefetch/.test(purpose) && keepable(response, /^text\\/x-script\\b/)) {
      var copy = response.clone();
      event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.put(request.url, copy); }));
    }
    return response;
  }, function () {
    return caches.open(CACHE).then(function (cache) {
      return cache.match(request.url, { ignoreVary: true }).then(function (hit) {
        var to = { "X-Remix-Redirect": page.pathname + page.search };
        return hit || new Response(null, { status: 204, headers: Object.assign(to, RELOAD) });
      });
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || request.headers.has("Range")) return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.indexOf("/__") === 0) return;
  if (url.pathname.indexOf("/assets/") === 0) return event.respondWith(asset(event));
  if (request.mode === "navigate" && !PERSONAL.test(url.pathname)) return event.respondWith(page(event));
  if (/\\.data$/.test(url.pathname)) {
    var target = pageOf(request.url);
    if (!PERSONAL.test(target.pathname)) return event.respondWith(data(event, target));
  }
});
`;
}

/** Registers the worker once the page has loaded, where the browser has service workers. */
export const REGISTER_SERVICE_WORKER =
  'if("serviceWorker"in navigator)addEventListener("load",function(){' +
  `navigator.serviceWorker.register(${JSON.stringify(SERVICE_WORKER_PATH)},{scope:"/"}).catch(function(){})})`;

/** The manifest's link: added to the document's head here rather than rendered by app/root.tsx, so no page's bundle
 * carries it (the product page's script is at its budget). */
export const MANIFEST_LINK = '<link rel="manifest" href="/manifest.webmanifest"/>';

/**
 * The document with the manifest linked at the end of its head and the registration's inline script at the end of
 * its body, marked as ours so the Content-Security-Policy allows it by its hash (content-security-policy.server.ts).
 * React leaves elements it did not render in the head and at the end of the body alone when it hydrates.
 */
export function withInstallable(html: string, mark: string): string {
  const script = `<script${ownScriptAttribute(mark)}>${REGISTER_SERVICE_WORKER}</script>`;
  const head = html.indexOf('</head>');
  const linked = head < 0 ? html : html.slice(0, head) + MANIFEST_LINK + html.slice(head);
  const end = linked.lastIndexOf('</body>');
  return end < 0 ? linked : linked.slice(0, end) + script + linked.slice(end);
}

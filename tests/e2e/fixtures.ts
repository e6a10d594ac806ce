/**
 * `test` and `expect` for every spec. With E2E_SCRIPT_DELAY_MS set, each page's scripts arrive that many
 * milliseconds late, as on a slow link, in every browser context a spec opens: a way to find steps (and
 * features) that assume the page has hydrated. The scripts start only after the first paint (decision
 * 0010), so a shopper can act on the plain page first; see holdScripts in support.ts for tests of that.
 *   E2E_SCRIPT_DELAY_MS=2000 npx playwright test
 */
import { test as base, type Browser, type BrowserContext } from '@playwright/test';

export * from '@playwright/test';

const delay = Number(process.env.E2E_SCRIPT_DELAY_MS ?? 0);

/** How late each script arrives (0 unless E2E_SCRIPT_DELAY_MS is set): for waits that follow a script's work. */
export const SCRIPT_DELAY_MS = delay;

/** The page's scripts: the built JavaScript under /assets/ (the pictures and the stylesheet are left alone). */
export const PAGE_SCRIPTS = /\/assets\/[^?]+\.js(\?.*)?$/;

async function withLateScripts(context: BrowserContext) {
  await context.route(PAGE_SCRIPTS, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, delay));
    await route.continue();
  });
  return context;
}

export const test = base.extend<object, { lateScripts: void }>({
  lateScripts: [
    async ({ browser }, use) => {
      // Specs open contexts themselves (a second shopper, JavaScript off), so the browser's own
      // newContext is wrapped rather than only the default context fixture.
      const patched = browser as Browser & { lateScripts?: true };
      if (delay > 0 && !patched.lateScripts) {
        patched.lateScripts = true;
        const newContext = browser.newContext.bind(browser);
        browser.newContext = async (options) => withLateScripts(await newContext(options));
        browser.newPage = async (options) => {
          const context = await browser.newContext(options);
          const page = await context.newPage();
          page.on('close', () => void context.close());
          return page;
        };
      }
      await use();
    },
    { scope: 'worker', auto: true },
  ],
});

import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { allowOwnScripts } from './content-security-policy.server';
import { DEFERRED_MODULE_TYPE, deferScripts } from './deferred-scripts.server';

// The shape React Router 7 renders with ServerRouter's nonce (our mark): module preloads in <head>, the entry
// module (importing the route modules) at the end.
const MARK = 'test-mark-Zk3q';
const ENTRY =
  'import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-2.js";\nwindow.__x = "$&$1";\n' +
  'import("/assets/entry.client-1.js");';
const RENDERED =
  `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client-1.js" nonce="${MARK}"/>` +
  `<link rel="modulepreload" href="/assets/root-2.js" nonce="${MARK}"/>` +
  `<link rel="stylesheet" href="/assets/root-3.css" nonce="${MARK}"/>` +
  `</head><body><main>Hello</main><script nonce="${MARK}">window.__reactRouterContext = {};</script>` +
  `<script nonce="${MARK}" type="module" async="">${ENTRY}</script></body></html>`;
const sent = (html: string) => allowOwnScripts(html, MARK).html;
const hashOf = (script: string) => allowOwnScripts(`<script nonce="${MARK}">${script}</script>`, MARK).scriptHashes[0];

type Added = { tag: string; rel?: string; href?: string; type?: string; textContent?: string };

/**
 * Runs the page's inline classic scripts against a small stand-in for the browser, recording what they
 * add to the document; the test moves time: `load`, the first paint's timing entry, frames and timers.
 */
function runBootScript(
  html: string,
  { readyState = 'loading', paintTiming = true }: { readyState?: 'loading' | 'complete'; paintTiming?: boolean } = {},
) {
  const added: Added[] = [];
  const listeners: Record<string, () => void> = {};
  let frames: (() => void)[] = [];
  let timers: { callback: () => void; delay: number }[] = [];
  let paintObserver: (() => void) | undefined;
  const inert = /<script type="text\/x-deferred-module" id="([^"]+)"[^>]*>([\s\S]*?)<\/script>/.exec(html);
  class PerformanceObserver {
    static supportedEntryTypes = paintTiming ? ['paint', 'resource'] : ['resource'];
    constructor(
      private readonly callback: (
        list: { getEntriesByName: (name: string) => unknown[] },
        observer: PerformanceObserver,
      ) => void,
    ) {}
    observe({ type, buffered }: { type: string; buffered: boolean }) {
      expect({ type, buffered }).toEqual({ type: 'paint', buffered: true });
      paintObserver = () =>
        this.callback({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) }, this);
    }
    disconnect() {
      paintObserver = undefined;
    }
  }
  const context = vm.createContext({
    document: {
      readyState,
      createElement: (tag: string) => ({ tag }),
      getElementById: (id: string) => (inert && inert[1] === id ? { textContent: inert[2] } : null),
      head: { appendChild: (node: Added) => added.push(node) },
      body: { appendChild: (node: Added) => added.push(node) },
    },
    window: { PerformanceObserver },
    addEventListener: (type: string, listener: () => void) => (listeners[type] = listener),
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void, delay = 0) => timers.push({ callback, delay }),
  });
  for (const [, attributes, body] of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (!attributes.includes('type=')) vm.runInContext(body, context);
  }
  /** A frame: its animation callbacks, then the timers they set (a zero delay runs before the next frame). */
  const frame = () => {
    const callbacks = frames;
    frames = [];
    callbacks.forEach((callback) => callback());
    const due = timers.filter((timer) => timer.delay === 0);
    timers = timers.filter((timer) => timer.delay !== 0);
    due.forEach((timer) => timer.callback());
  };
  return {
    added,
    load: () => listeners.load?.(),
    firstPaintShown: () => paintObserver?.(),
    frame,
    /** The long fallback timers fire. */
    wait: () => timers.splice(0).forEach((timer) => timer.callback()),
    /**
     * The early modules' imports settle (here they fail: node:vm has no module loader, and a failed one must not
     * stop the entry module), each followed by its zero-delay timer.
     */
    settle: async () => {
      for (let round = 0; round < 10; round++) {
        await new Promise((resolve) => setImmediate(resolve));
        const due = timers.filter((timer) => timer.delay === 0);
        timers = timers.filter((timer) => timer.delay !== 0);
        due.forEach((timer) => timer.callback());
      }
    },
  };
}

describe('deferScripts', () => {
  it('takes the preloads and entry module out of the document, keeping the entry module inert, its text exact', () => {
    const html = sent(deferScripts(RENDERED, MARK));
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain(`<script type="${DEFERRED_MODULE_TYPE}" id="deferred-entry-module">${ENTRY}</script>`);
    expect(html).toContain('<link rel="stylesheet" href="/assets/root-3.css"/>');
    expect(html).toContain('<main>Hello</main>');
  });

  it('adds the preloads and then the entry module only after load, the first paint shown, and two frames more', async () => {
    const page = runBootScript(deferScripts(RENDERED, MARK));
    page.load();
    page.frame();
    expect(page.added).toEqual([]);
    page.firstPaintShown();
    page.frame();
    expect(page.added).toEqual([]);
    page.frame();
    const preloads = [
      { tag: 'link', rel: 'modulepreload', href: '/assets/entry.client-1.js' },
      { tag: 'link', rel: 'modulepreload', href: '/assets/root-2.js' },
    ];
    // The entry module waits for the early modules, each imported in a task of its own.
    expect(page.added).toEqual(preloads);
    await page.settle();
    expect(page.added).toEqual([...preloads, { tag: 'script', type: 'module', textContent: ENTRY }]);
    page.wait();
    page.frame();
    expect(page.added).toHaveLength(3);
  });

  it('waits for load when the first paint came first, and starts when the page had already loaded', async () => {
    const early = runBootScript(deferScripts(RENDERED, MARK));
    early.firstPaintShown();
    early.frame();
    early.frame();
    expect(early.added).toEqual([]);
    early.load();
    early.frame();
    early.frame();
    await early.settle();
    expect(early.added.map((node) => node.tag)).toEqual(['link', 'link', 'script']);

    const loaded = runBootScript(deferScripts(RENDERED, MARK), { readyState: 'complete' });
    loaded.firstPaintShown();
    loaded.frame();
    loaded.frame();
    await loaded.settle();
    expect(loaded.added.map((node) => node.tag)).toEqual(['link', 'link', 'script']);
  });

  it('without paint timing waits for load and two frames; with no frames (a background tab) a timer starts it', async () => {
    const page = runBootScript(deferScripts(RENDERED, MARK), { paintTiming: false });
    page.load();
    page.frame();
    expect(page.added).toEqual([]);
    page.frame();
    await page.settle();
    expect(page.added).toHaveLength(3);

    const hidden = runBootScript(deferScripts(RENDERED, MARK));
    hidden.load();
    expect(hidden.added).toEqual([]);
    hidden.wait();
    await hidden.settle();
    expect(hidden.added).toHaveLength(3);
  });

  it('imports the modules the entry module imports statically first, never the client entry, which hydrates', () => {
    const html = deferScripts(RENDERED, MARK);
    expect(/var q=(\[[^\]]*\])/.exec(html)?.[1]).toBe(JSON.stringify(['/assets/root-2.js']));
  });

  it('keeps every script the browser runs allowed by the page policy: the boot script and entry module text', () => {
    const { html, scriptHashes } = allowOwnScripts(deferScripts(RENDERED, MARK), MARK);
    const boot = /<script>(\(function\(\)[\s\S]*?)<\/script>/.exec(html)![1];
    const expected = [hashOf('window.__reactRouterContext = {};'), hashOf(ENTRY), hashOf(boot)];
    expect(scriptHashes).toEqual(expect.arrayContaining(expected));
    expect(scriptHashes).toHaveLength(3);
  });

  it('moves only the entry module and preloads React Router rendered, never a module that came with content', () => {
    const injected = '<link rel="modulepreload" href="/evil.js"/><script type="module" async="">alert(1)</script>';
    const page = RENDERED.replace('<main>Hello</main>', `<main>${injected}</main>`);
    const { html, scriptHashes } = allowOwnScripts(deferScripts(page, MARK), MARK);
    expect(html).toContain(`<main>${injected}</main>`);
    expect(html).toContain(`<script type="${DEFERRED_MODULE_TYPE}" id="deferred-entry-module">${ENTRY}</script>`);
    expect(scriptHashes).not.toContain(hashOf('alert(1)'));
  });

  it('leaves a document without an entry module as it is', () => {
    const html = `<html><head><link rel="modulepreload" href="/a.js" nonce="${MARK}"/></head><body>Error</body></html>`;
    expect(deferScripts(html, MARK)).toBe(html);
  });
});

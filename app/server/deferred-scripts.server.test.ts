import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './content-security-policy.server';
import { DEFERRED_MODULE_TYPE, deferScripts } from './deferred-scripts.server';

// The shape React Router 7 renders: module preloads in <head>, the entry module (importing the route modules) at the end.
const ENTRY = 'import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-2.js";\nwindow.__x = "$&$1";';
const RENDERED =
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client-1.js"/><link rel="modulepreload" href="/assets/root-2.js"/>' +
  '<link rel="stylesheet" href="/assets/root-3.css"/></head><body><main>Hello</main>' +
  '<script>window.__reactRouterContext = {};</script>' +
  `<script type="module" async="">${ENTRY}</script></body></html>`;

/** Runs the page's inline classic scripts against a small stand-in for the DOM, recording what they add. */
function runBootScript(html: string, readyState: 'loading' | 'complete') {
  const added: { tag: string; rel?: string; href?: string; type?: string; textContent?: string }[] = [];
  const listeners: Record<string, () => void> = {};
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const inert = /<script type="text\/x-deferred-module" id="([^"]+)">([\s\S]*?)<\/script>/.exec(html);
  const document = {
    readyState,
    createElement: (tag: string) => ({ tag }),
    getElementById: (id: string) => (inert && inert[1] === id ? { textContent: inert[2] } : null),
    head: { appendChild: (node: (typeof added)[number]) => added.push(node) },
    body: { appendChild: (node: (typeof added)[number]) => added.push(node) },
  };
  const context = vm.createContext({
    document,
    window: {},
    addEventListener: (type: string, listener: () => void) => (listeners[type] = listener),
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void) => timers.push(callback),
  });
  for (const [, attributes, body] of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (!attributes.includes('type=')) vm.runInContext(body, context);
  }
  const flush = (queue: (() => void)[]) => queue.splice(0).forEach((callback) => callback());
  return { added, fireLoad: () => listeners.load?.(), paintFrame: () => flush(frames), runTimers: () => flush(timers) };
}

describe('deferScripts', () => {
  it('takes the preloads and the entry module out of the document, keeping the entry module inert with its exact text', () => {
    const html = deferScripts(RENDERED);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain(`<script type="${DEFERRED_MODULE_TYPE}" id="deferred-entry-module">${ENTRY}</script>`);
    expect(html).toContain('<link rel="stylesheet" href="/assets/root-3.css"/>');
    expect(html).toContain('<main>Hello</main>');
  });

  it('adds the preloads and then the entry module only after load and the frame painted after it', () => {
    const page = runBootScript(deferScripts(RENDERED), 'loading');
    expect(page.added).toEqual([]);
    page.fireLoad();
    page.paintFrame();
    expect(page.added).toEqual([]);
    page.runTimers();
    expect(page.added).toEqual([
      { tag: 'link', rel: 'modulepreload', href: '/assets/entry.client-1.js' },
      { tag: 'link', rel: 'modulepreload', href: '/assets/root-2.js' },
      { tag: 'script', type: 'module', textContent: ENTRY },
    ]);
  });

  it('starts at once (after a frame) when the page had already loaded', () => {
    const page = runBootScript(deferScripts(RENDERED), 'complete');
    page.paintFrame();
    page.runTimers();
    expect(page.added.map((node) => node.tag)).toEqual(['link', 'link', 'script']);
  });

  it('keeps every script the browser will run allowed by the page policy: the boot script and the entry module text', () => {
    const html = deferScripts(RENDERED);
    const hashes = inlineScriptHashes(html);
    const hashOf = (script: string) => inlineScriptHashes(`<script>${script}</script>`)[0];
    const boot = /<script>(\(function\(\)[\s\S]*?)<\/script>/.exec(html)![1];
    expect(hashes).toEqual(expect.arrayContaining([hashOf('window.__reactRouterContext = {};'), hashOf(ENTRY), hashOf(boot)]));
    expect(hashes).toHaveLength(3);
  });

  it('leaves a document without an entry module as it is', () => {
    const html = '<html><head><link rel="modulepreload" href="/a.js"/></head><body>Error</body></html>';
    expect(deferScripts(html)).toBe(html);
  });
});

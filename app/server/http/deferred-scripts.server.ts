/**
 * The page's JavaScript is fetched after the page has loaded (decision 0010). On a slow mobile link the
 * ~115 KB of React and React Router shared the first round trips with the stylesheet and the main picture,
 * and only to hydrate a page that already works without it: every form posts, the menus are <details>. So
 * React Router's module preloads and its entry module are taken out of the document as rendered, and a small
 * inline script adds them back once the page has loaded and been painted: the shopper sees the page first,
 * and the scripts come after, still in parallel, with no waterfall.
 *
 * The entry module keeps its exact text in an inert <script type="text/x-deferred-module"> element, so the
 * Content-Security-Policy's hash of it also allows the module script made from it. Only what React Router
 * rendered with our mark (content-security-policy.server.ts) is moved, and what this adds carries the mark too:
 * a preload or a module script that came with content is neither taken for the entry nor allowed.
 */
import { ownScriptAttribute } from './content-security-policy.server';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const modulePreloads = (attribute: string) => new RegExp(`<link rel="modulepreload" href="([^"]+)"${attribute}/>`, 'g');
const entryModule = (attribute: string) =>
  new RegExp(`<script${attribute} type="module" async="">([\\s\\S]*?)</script>`);
export const DEFERRED_MODULE_TYPE = 'text/x-deferred-module';
const DEFERRED_MODULE_ID = 'deferred-entry-module';

/**
 * Adds the preloads, then the entry module, once the page has loaded and its first paint has been shown
 * (the paint-timing entry arrives only when the frame has been presented), and two frames more: `load`
 * often fires before the picture it waited for is on screen, and a fetch started before that would share
 * the link with it. Browsers without paint timing wait the two frames; a page loaded in a background tab
 * (no frames, no paint) gets its scripts after a few seconds all the same.
 *
 * Before the entry module, the modules it imports statically (`early`: every preload but the client entry
 * it imports dynamically) are imported one at a time, each in a task of its own: a browser evaluates a module
 * graph in one task, which on a slow phone was one long task (decision 0044). They were preloaded together,
 * so this only splits their evaluation, not their download; one that fails leaves the entry module to fail
 * as it would have.
 */
const boot = (hrefs: string[], early: string[]) =>
  [
    '(function(){var d=document,P=window.PerformanceObserver,done=false,loaded=false;',
    'var painted=!(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0);',
    `function go(){if(done)return;done=true;${JSON.stringify(hrefs)}.forEach(function(h){`,
    'var l=d.createElement("link");l.rel="modulepreload";l.href=h;d.head.appendChild(l)});',
    `var q=${JSON.stringify(early)};function step(){var h=q.shift();if(!h)return start();`,
    'var later=function(){setTimeout(step,0)};try{import(h).then(later,later)}catch(e){later()}}step()}',
    'function start(){var s=d.createElement("script");s.type="module";',
    `s.textContent=d.getElementById("${DEFERRED_MODULE_ID}").textContent;d.body.appendChild(s)}`,
    'function next(f){requestAnimationFrame(function(){setTimeout(f,0)})}',
    'function ready(){if(loaded&&painted)next(function(){next(go)})}',
    'if(!painted)new P(function(list,o){if(list.getEntriesByName("first-contentful-paint").length){',
    'o.disconnect();painted=true;ready()}}).observe({type:"paint",buffered:true});',
    'function onLoad(){loaded=true;ready();setTimeout(go,3000)}',
    'if(d.readyState==="complete")onLoad();else addEventListener("load",onLoad,{once:true})})()',
  ].join('');

/** What the entry module imports dynamically: React Router's client entry, which hydrates when evaluated. */
const dynamicImports = (entry: string) => [...entry.matchAll(/\bimport\("([^"]+)"\)/g)].map(([, href]) => href);

/**
 * The document with its scripts deferred; a document without React Router's entry module (rendered with
 * `mark`) is left as it is.
 */
export function deferScripts(html: string, mark: string): string {
  const attribute = escapeRegExp(ownScriptAttribute(mark));
  const entry = entryModule(attribute).exec(html);
  if (!entry) return html;
  const hrefs = [...html.matchAll(modulePreloads(attribute))].map(([, href]) => href);
  const own = ownScriptAttribute(mark);
  const hydrating = dynamicImports(entry[1]);
  const early = hrefs.filter((href) => !hydrating.includes(href));
  const inert =
    `<script type="${DEFERRED_MODULE_TYPE}" id="${DEFERRED_MODULE_ID}"${own}>${entry[1]}</script>` +
    `<script${own}>${boot(hrefs, early)}</script>`;
  // A function replacement: the module's text is inserted as it is, `$` patterns and all.
  return html.replace(modulePreloads(attribute), '').replace(entryModule(attribute), () => inert);
}

/**
 * The accessibility and markup audit of one page (docs/requirements.md, the accessibility quality bar; decision 0047):
 * - axe-core through @axe-core/playwright, with the WCAG 2.0, 2.1 and 2.2 A/AA rules and axe's best practices, and
 *   its label-in-name rule (WCAG 2.5.3), which axe still marks experimental;
 * - html-validate's standard rules over the page's HTML (the HTML the server sent when the caller passes it, or else
 *   the document as the browser holds it now, e.g. a form the scripts re-rendered with its errors);
 * - at a 320 px wide window, no sideways scroll (WCAG 1.4.10 Reflow).
 * Each finding names the page, the rule and the element, so a failing run reads as a list of what to fix.
 */
import AxeBuilder from '@axe-core/playwright';
import { HtmlValidate, type Message } from 'html-validate';
import { expect, type Page } from './fixtures';

/** axe's tags for WCAG 2.0, 2.1 and 2.2 at levels A and AA, and its best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** The narrowest window WCAG 1.4.10 asks a page to fit without scrolling sideways (320 CSS pixels). */
export const NARROW_WIDTH = 320;

const htmlValidate = new HtmlValidate({ extends: ['html-validate:standard'] });

export type AuditOptions = {
  /** The HTML as the server sent it (e.g. `await response.text()` of page.goto); without it, the document now. */
  html?: string;
};

/** Shortens an element's markup for a report line. */
const excerpt = (html: string) => (html.length > 160 ? `${html.slice(0, 157)}...` : html).replace(/\s+/g, ' ');

async function axeFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    // axe.run in the page and its same-origin frames: the default (a run per frame finished in a new tab) never
    // returned on a page with an srcdoc frame (/admin/settings/mails). A cross-origin frame (the Paystack
    // simulator's pop-up) is left out.
    .setLegacyMode()
    // WCAG 2.5.3 Label in Name (level A) is still "experimental" in axe, so off unless named; only the violations are
    // gathered in full, which keeps a run over every page short.
    .options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `axe ${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help} at ${node.target.join(' ')}: ` +
        `${excerpt(node.html)}${node.failureSummary ? ` (${node.failureSummary.replace(/\s+/g, ' ')})` : ''}`,
    ),
  );
}

async function htmlFindings(page: Page, html: string | undefined): Promise<string[]> {
  const source = html ?? (await page.content());
  const report = await htmlValidate.validateString(source);
  const lines = source.split('\n');
  return report.results.flatMap((result) =>
    result.messages.map((message: Message) => {
      const line = lines[message.line - 1] ?? '';
      const around = line.slice(Math.max(0, message.column - 40), message.column + 80);
      return (
        `html-validate ${message.ruleId}: ${message.message} at ${message.selector ?? `line ${message.line}`}` +
        ` near "${excerpt(around)}"`
      );
    }),
  );
}

/**
 * Runs in the page: the elements that make it wider than the window, to say what to fix: those drawn past its right
 * edge (their parent is not, and no ancestor clips them), and those whose own content spills out of them (a long
 * word or address; the innermost such element). Up to four, as `tag#id.classes`.
 */
function wideElements(): string[] {
  const width = (document.scrollingElement ?? document.documentElement).clientWidth;
  const visible = [...document.body.querySelectorAll('*')].filter((element) => element.checkVisibility());
  const past = (element: Element | null) => element !== null && element.getBoundingClientRect().right > width + 0.5;
  const clipped = (element: Element) => {
    for (let above = element.parentElement; above && above !== document.body; above = above.parentElement) {
      if (getComputedStyle(above).overflowX !== 'visible' && !past(above)) return true;
    }
    return false;
  };
  const spills = (element: Element) =>
    element.clientWidth > 0 &&
    element.scrollWidth > element.clientWidth + 1 &&
    getComputedStyle(element).overflowX === 'visible';
  const spilling = visible.filter(spills);
  const found = [
    ...visible.filter((element) => past(element) && !past(element.parentElement) && !clipped(element)),
    ...spilling.filter((element) => !spilling.some((other) => other !== element && element.contains(other))),
  ];
  return [...new Set(found)].slice(0, 4).map((element) => {
    const id = element.id ? `#${element.id}` : '';
    const classes = element.classList.length ? `.${[...element.classList].join('.')}` : '';
    const text = (element.textContent ?? '').trim().slice(0, 40);
    return `${element.tagName.toLowerCase()}${id}${classes}${text ? ` ("${text}")` : ''}`;
  });
}

/** Narrows the window to 320 px, reads whether the page scrolls sideways, and gives the window back its size. */
async function reflowFindings(page: Page): Promise<string[]> {
  const size = page.viewportSize();
  await page.setViewportSize({ width: NARROW_WIDTH, height: size?.height ?? 640 });
  try {
    const { scrollWidth, clientWidth } = await page.evaluate(() => {
      const root = document.scrollingElement ?? document.documentElement;
      return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
    });
    if (scrollWidth <= clientWidth) return [];
    const wide = await page.evaluate(wideElements);
    return [
      `reflow (WCAG 1.4.10): at ${NARROW_WIDTH} px the page is ${scrollWidth} px wide (window ${clientWidth} px), ` +
        `widened by: ${wide.join(', ') || 'no element found'}`,
    ];
  } finally {
    if (size) await page.setViewportSize(size);
  }
}

/** Every finding of the three checks on the page open now, each line starting with `label`. */
export async function pageFindings(page: Page, label: string, options: AuditOptions = {}): Promise<string[]> {
  const findings = [
    ...(await axeFindings(page)),
    ...(await htmlFindings(page, options.html)),
    ...(await reflowFindings(page)),
  ];
  return findings.map((finding) => `${label}: ${finding}`);
}

/**
 * Audits the page open now and records a soft failure listing every finding: the test goes on to the next page and
 * fails at its end with all of them. Returns the findings.
 */
export async function auditPage(page: Page, label: string, options: AuditOptions = {}): Promise<string[]> {
  const findings = await pageFindings(page, label, options);
  expect.soft(findings, `${label} (${page.url()}): ${findings.length} accessibility or HTML findings`).toEqual([]);
  return findings;
}

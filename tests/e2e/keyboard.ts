/**
 * Keyboard-only steps for tests/e2e/keyboard-purchase.spec.ts: focus moves only by Tab and Shift+Tab, and every stop
 * is checked to show where the focus is (WCAG 2.4.7) without being hidden behind something else (2.4.11); a page
 * is checked to need no sideways scroll at its width (1.4.10).
 */
import { expect, type Frame, type JSHandle, type Locator, type Page } from './fixtures';

/** What the browser reports of the focused element: a problem is a reason the shopper cannot see the focus. */
type FocusStop = { what: string; problem: string | null; frame: boolean };

/**
 * Runs in the page on its focused element. A focus indicator is an outline or a box shadow on the control, or on
 * what shows it when the control itself is visually hidden (a radio button drawn as a chip in its label); else a
 * change of border or background colour of at least 3:1 against the same control unfocused (read by leaving the
 * control for a moment and coming back, which changes nothing else). The control's centre must be on screen and
 * not under another element (a sticky header, a pop-up's overlay).
 */
function inspectFocus(): FocusStop {
  const element = document.activeElement;
  if (!element || element === document.body) return { what: 'nothing', problem: 'no control has focus', frame: false };
  const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ');
  const what = `<${element.tagName.toLowerCase()}${element.getAttribute('type') ? ` type=${element.getAttribute('type')}` : ''}${element.getAttribute('name') ? ` name=${element.getAttribute('name')}` : ''}> "${name.slice(0, 50)}"`;
  if (element.tagName === 'IFRAME') return { what, problem: null, frame: true };
  const context = document.createElement('canvas').getContext('2d')!;
  const rgba = (colour: string) => {
    context.clearRect(0, 0, 1, 1);
    context.fillStyle = colour;
    context.fillRect(0, 0, 1, 1);
    return [...context.getImageData(0, 0, 1, 1).data];
  };
  const luminance = ([r, g, b]: number[]) =>
    [r, g, b]
      .map((c) => c / 255)
      .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
      .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
  const contrast = (a: string, b: string) => {
    const [la, lb] = [luminance(rgba(a)), luminance(rgba(b))].sort((x, y) => y - x);
    return (la + 0.05) / (lb + 0.05);
  };
  const big = (e: Element) => e.getBoundingClientRect().width > 1 && e.getBoundingClientRect().height > 1;
  const label = element.closest('label');
  // A visually hidden control (sr-only) shows its focus on the visible parts of its label.
  const shown = big(element) ? [element] : label ? [label, ...label.querySelectorAll('*')].filter(big) : [];
  if (!shown.length) return { what, problem: 'the focused control and its label are not visible', frame: false };
  const ring = shown.some((e) => {
    const style = getComputedStyle(e);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1;
    return (outline && rgba(style.outlineColor)[3] > 0) || style.boxShadow !== 'none';
  });
  let changed = false;
  if (!ring) {
    const colours = (e: Element) => {
      const style = getComputedStyle(e);
      const border = parseFloat(style.borderTopWidth) >= 1 || parseFloat(style.borderBottomWidth) >= 1;
      return { border: border ? style.borderBottomColor : '', background: style.backgroundColor };
    };
    const focused = shown.map(colours);
    (element as HTMLElement).blur();
    const unfocused = shown.map(colours);
    (element as HTMLElement).focus({ preventScroll: true });
    changed = focused.some(
      (f, i) =>
        (f.border && unfocused[i].border && contrast(f.border, unfocused[i].border) >= 3) ||
        contrast(f.background, unfocused[i].background) >= 3,
    );
  }
  if (!ring && !changed) return { what, problem: 'no visible focus indicator', frame: false };
  // The first line's box: a link that wraps has a bounding box whose centre may be between its words.
  const box = shown[0].getClientRects()[0] ?? shown[0].getBoundingClientRect();
  const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
  const hit = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight ? document.elementFromPoint(x, y) : null;
  // The control, a part of it, its label, or what holds it (a heading around a link): nothing in front of it.
  const visible = hit && [element, ...shown, label].some((e) => e && (e.contains(hit) || hit.contains(e)));
  if (!visible) {
    const over = hit ? `<${hit.tagName.toLowerCase()} class="${hit.getAttribute('class') ?? ''}">` : 'off screen';
    return { what, problem: `the focused control is hidden (its centre shows ${over.slice(0, 90)})`, frame: false };
  }
  return { what, problem: null, frame: false };
}

/** The focused element, followed into a focused frame (the simulator's pop-up), must show its focus. */
export async function expectVisibleFocus(page: Page, where: string) {
  let scope: Page | Frame = page;
  for (;;) {
    const stop = await scope.evaluate(inspectFocus);
    expect(stop.problem, `${where}: focus on ${stop.what}`).toBeNull();
    if (!stop.frame) return;
    const handle: JSHandle = await scope.evaluateHandle(() => document.activeElement);
    const frame: Frame | null | undefined = await handle.asElement()?.contentFrame();
    if (!frame) throw new Error(`${where}: a frame has focus but its document cannot be read`);
    scope = frame;
  }
}

/** True when `target` has the keyboard's focus (inside its own frame when it is in one). */
const focused = (target: Locator) =>
  target.evaluate((element) => element === element.ownerDocument.activeElement && element.ownerDocument.hasFocus());

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has focus, checking every stop on the way; fails after `max`
 * presses, as a control the keyboard cannot reach does.
 */
export async function tabTo(page: Page, target: Locator, where: string, { back = false, max = 60 } = {}) {
  await expect(target, `${where}: the control to reach is on the page`).toBeAttached();
  for (let presses = 0; presses < max; presses++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    await expectVisibleFocus(page, where);
    if (await focused(target)) return;
  }
  throw new Error(`${where}: ${back ? 'Shift+Tab' : 'Tab'} did not reach ${target} in ${max} presses`);
}

/** Tabs to a text field and types into it (the keyboard's own typing, character by character). */
export async function typeInto(page: Page, field: Locator, text: string, where: string) {
  await tabTo(page, field, where);
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

/** The page (or a frame) fits its width: nothing needs a sideways scroll (WCAG 1.4.10 at 320 px). */
export async function expectNoSidewaysScroll(scope: Page | Frame, where: string) {
  const [scrollWidth, clientWidth] = await scope.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scrollWidth, `${where}: the page is wider than its ${clientWidth} px screen`).toBeLessThanOrEqual(clientWidth);
}

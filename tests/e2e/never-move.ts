/**
 * The step of forms-never-move.spec.ts and admin-forms-never-move.spec.ts (decision 0039): type something wrong in a
 * field, then press the control below it where it stood before the field was left, as a hand already on its way
 * does. The press must land, and the control must not have moved. The press goes a quarter down from the control's
 * top, so a message of one line pushed in above it would take the control from under the pointer.
 */
import { expect, type Locator, type Page } from './fixtures';

export type Press = {
  /** The checked field, and what is typed into it (the schema refuses it). */
  field: Locator;
  value: string;
  /** The control under it that the press aims at. */
  next: Locator;
  /**
   * What the press did: 'focus' (a text box or list took it), 'check' (a box or option was ticked), or, for a
   * button that sends the form, a check of what only the sent form shows.
   */
  took: 'focus' | 'check' | ((page: Page) => Promise<void>);
};

/** Types `value` into `field`, then presses `next` at the place it had before the field was left. */
export async function typeThenPress(page: Page, { field, value, next, took }: Press) {
  await next.scrollIntoViewIfNeeded();
  await field.click();
  await field.fill(value);
  const before = await next.boundingBox();
  expect(before, 'the control below the field is on the screen').not.toBeNull();
  const { x, y, width, height } = before!;
  // A quarter down from its top: a line of text pushed in above (20 px or more) takes the control from under it.
  await page.mouse.click(x + width / 2, y + height / 4);
  if (typeof took === 'function') {
    await took(page);
    return;
  }
  if (took === 'check') await expect(next).toBeChecked();
  else await expect(next).toBeFocused();
  const after = await next.boundingBox();
  expect(after?.y, 'the control did not move when the field was left').toBeCloseTo(y, 0);
}

/** The field, when the press on the button below sent the form: refused, and, with JavaScript, focused again. */
export const refusedWith =
  (field: Locator, { js, message }: { js: boolean; message: string | RegExp }) =>
  async (page: Page) => {
    await expect(page.getByText(message)).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    // Conform moves to the first wrong field when the press sent the form; without scripts the server answered.
    if (js) await expect(field).toBeFocused();
  };

/**
 * A form as the browser posts it: each value of a list once more under its name (ticked boxes, chosen options),
 * `true` as a ticked checkbox ('on'), and blank fields and unticked boxes not at all.
 */
export function formDataOf(values: Record<string, string | string[] | boolean | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (Array.isArray(value)) for (const item of value) form.append(name, item);
    else if (value === true) form.set(name, 'on');
    else if (typeof value === 'string' && value !== '') form.set(name, value);
  }
  return form;
}

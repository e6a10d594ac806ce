/** A GET form's fields as the query the browser itself would send (files, which a GET cannot carry, left out). */
export function formQuery(form: HTMLFormElement): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') query.append(name, value);
  return query;
}

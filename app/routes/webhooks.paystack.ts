/** Placeholder: built next in the checkout issue. */
export async function action() {
  return new Response('Not built yet', { status: 501 });
}

export async function action() {
  return new Response('Not implemented', { status: 501 });
}

export async function loader() {
  return new Response('', { status: 501 });
}

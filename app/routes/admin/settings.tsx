/** Placeholder until the admin area issue builds this page; guarded like every /admin route. */
import { requireAdmin } from '~/server/auth.server';
import type { Route } from './+types/settings';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return new Response('Not built yet', { status: 501 });
}

export default function Placeholder() {
  return <p className="p-8">Not built yet.</p>;
}

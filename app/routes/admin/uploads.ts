/** Placeholder resource route until the admin area issue builds it; guarded like every /admin route. */
import { requireAdmin } from '~/server/auth.server';
import type { Route } from './+types/uploads';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return new Response('Not built yet', { status: 501 });
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return new Response('Not built yet', { status: 501 });
}

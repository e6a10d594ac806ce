/** Placeholder: built next in the checkout issue. */
import { requireUser } from '~/server/auth.server';
import type { Route } from './+types/checkout-callback';

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return null;
}

export default function Placeholder() {
  return <p className="p-8">Not built yet.</p>;
}

/** GET /healthz: 200 when the app can reach its database, 503 otherwise (for load balancers and uptime checks). */
import { databaseReachable } from '~/server/http/database-health.server';

export async function loader() {
  const up = await databaseReachable();
  return Response.json(
    { status: up ? 'ok' : 'unavailable', database: up ? 'up' : 'down' },
    { status: up ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
  );
}

/**
 * The simulator's Paystack API (docs/paystack-simulator.md): the secret key checked, the faults the control API set
 * applied to every answer, then Initialize and Verify Transaction, the Refund API, List Banks and the Disputes API.
 */
import type http from 'node:http';
import type { DisputeDesk } from './disputes.server';
import { garbage, json, readFields, readJson } from './http-io.server';
import { createRefund, endRefund, fetchRefund, refundApiState } from './refund-lifecycle.server';
import { listBanks, listRefunds, retryRefund } from './refunds.server';
import type { Refund, SimState } from './state.server';
import { initialize, verify } from './transactions.server';

/** The paths Paystack's API answers on (the rest is the browser's pages and the control API). */
export const isApiPath = (pathname: string) =>
  pathname.startsWith('/transaction/') || /^\/(refund|bank|dispute)(\/|$)/.test(pathname);

export async function paystackApi(
  s: SimState,
  desk: DisputeDesk,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
) {
  if (req.headers.authorization !== `Bearer ${s.secretKey}`)
    return json(res, 401, { status: false, message: 'Invalid key' });
  if (s.fault === 'timeout') return void s.hanging.add(res);
  if (s.fault === 'slow') await new Promise((resolve) => setTimeout(resolve, 300));
  if (s.fault === 'down') return json(res, 503, { status: false, message: 'Service unavailable' });
  if (s.fault === 'garbage') return garbage(res);
  if (url.pathname.startsWith('/dispute/')) return json(res, ...(await desk.api(req, url)));
  if (req.method === 'POST' && url.pathname === '/transaction/initialize')
    return json(res, ...initialize(s, await readJson(req)));
  const verified = /^\/transaction\/verify\/(.+)$/.exec(url.pathname);
  if (req.method === 'GET' && verified) return json(res, ...verify(s, decodeURIComponent(verified[1])));
  if (req.method === 'GET' && url.pathname === '/bank') return json(res, ...listBanks(url, s.started));
  return refundApi(s, req, res, url);
}

/** Create, List, Fetch and Retry Refund. */
async function refundApi(s: SimState, req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
  if (req.method === 'POST' && url.pathname === '/refund') {
    const [status, body] = createRefund(s, await readFields(req));
    // The refund is made; only the answer goes wrong.
    if (status === 200 && s.refundFault === 'timeout') return void s.hanging.add(res);
    if (status === 200 && s.refundFault === 'error') return json(res, 500, { status: false, message: 'Server error' });
    if (status === 200 && s.refundFault === 'garbage') return garbage(res);
    return json(res, status, body);
  }
  if (req.method === 'GET' && url.pathname === '/refund') return json(res, ...listRefunds(refundApiState(s), url));
  const retry = /^\/refund\/retry_with_customer_details\/(\d+)$/.exec(url.pathname);
  if (req.method === 'POST' && retry) {
    const fields = await readFields(req);
    const end = (refund: Refund) => {
      if (s.refundOutcome !== 'manual')
        void endRefund(s, refund, s.refundOutcome === 'failed' ? 'failed' : 'processed');
    };
    return json(res, ...retryRefund(refundApiState(s), Number(retry[1]), fields, end));
  }
  const refundId = /^\/refund\/(\d+)$/.exec(url.pathname);
  if (req.method === 'GET' && refundId) {
    const refund = s.refunds.get(Number(refundId[1]));
    if (!refund) return json(res, 404, { status: false, message: 'Refund not found' });
    return json(res, 200, { status: true, message: 'Refund retrieved', data: fetchRefund(s, refund) });
  }
  return json(res, 404, { status: false, message: 'Not found' });
}

/**
 * What the customer's browser reaches on the simulator (docs/paystack-simulator.md): the inline-script look-alike,
 * the hosted checkout page and the pop-up (pages.server.ts renders them), and their Pay, Decline, OTP, transfer and
 * USSD buttons, which change the transaction as the customer would.
 */
import type http from 'node:http';
import { TEST_OTP } from './card-rules.server';
import { json, readFields } from './http-io.server';
import { hostedPage, inlineScript, popupPage } from './pages.server';
import { reportedStatus, type SimState, type Transaction } from './state.server';
import { answerOtp, askOtp, choosePending, settle } from './transactions.server';

/** The store's callback URL with the reference, as Paystack's page sends the browser back. */
const callbackFor = (tx: Transaction) => {
  if (!URL.canParse(tx.callbackUrl)) return '/';
  const back = new URL(tx.callbackUrl);
  back.searchParams.set('trxref', tx.reference);
  back.searchParams.set('reference', tx.reference);
  return back.toString();
};

export async function browser(s: SimState, req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
  if (url.pathname === '/inline.js')
    return void res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(inlineScript(s.baseUrl));
  const match = /^\/(checkout|popup)\/([0-9a-f]+)(?:\/(pay|decline|transfer|ussd|otp))?$/.exec(url.pathname);
  const tx = match ? s.byCode.get(match[2]) : undefined;
  if (!match || !tx) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('Unknown transaction');
  const [, kind, , act] = match;
  if (req.method === 'GET' && !act) {
    const html = kind === 'checkout' ? hostedPage(shown(tx, url)) : popupPage(shown(tx, url));
    return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  }
  if (req.method !== 'POST' || !act) return void res.writeHead(405).end();
  const fields = await readFields(req);
  let wrongOtp = false;
  if (act === 'pay' && fields.card === 'otp') askOtp(tx);
  else if (act === 'pay' || act === 'decline') settle(s, tx, act === 'pay' ? 'success' : 'failed', true);
  else if (act === 'otp') wrongOtp = !answerOtp(s, tx, String(fields.otp ?? ''));
  else choosePending(tx, act === 'transfer' ? 'bank_transfer' : 'ussd');
  if (kind === 'popup') {
    return json(res, 200, { reference: tx.reference, id: tx.id, status: reportedStatus(s, tx), wrongOtp });
  }
  // The OTP step is a page of its own on the hosted checkout (a wrong OTP shows it again, saying so).
  if (tx.status === 'otp') {
    const here = `/checkout/${tx.accessCode}${wrongOtp ? '?wrong-otp' : ''}`;
    return void res.writeHead(303, { location: here }).end();
  }
  res.writeHead(303, { location: callbackFor(tx) }).end();
}

/** What the hosted page and the pop-up show of a transaction. */
const shown = (tx: Transaction, url: URL) => ({
  accessCode: tx.accessCode,
  email: tx.email,
  amount: tx.amount,
  status: tx.status,
  // Made up from the id, so the same transaction always shows the same account and code.
  transferAccount: `99${String(tx.id).padStart(8, '0')}`,
  ussdCode: `*737*000*${String(tx.id).slice(-4).padStart(4, '0')}#`,
  customFields: customFields(tx.metadata),
  otp: TEST_OTP,
  wrongOtp: url.searchParams.has('wrong-otp'),
  cancelUrl: callbackFor(tx),
});

/** The metadata's custom_fields (display_name and value) as the pages show them; anything malformed is left out. */
function customFields(metadata: unknown): { name: string; value: string }[] {
  const fields = (metadata as { custom_fields?: unknown } | null)?.custom_fields;
  if (!Array.isArray(fields)) return [];
  return fields.flatMap((field: { display_name?: unknown; value?: unknown } | null) =>
    typeof field?.display_name === 'string' && typeof field.value === 'string'
      ? [{ name: field.display_name, value: field.value }]
      : [],
  );
}

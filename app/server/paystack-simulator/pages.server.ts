/**
 * The simulator's HTML: the hosted checkout page (redirect path), the pop-up page and the inline-script look-alike.
 * Both pages offer card (Pay, Decline), bank transfer and USSD. New buttons avoid the words "pay", "decline" and
 * "close": the end-to-end tests find Pay, Decline and Close by name, and a name match there is by substring.
 */
import { formatNaira } from '~/lib/money';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type Shown = {
  accessCode: string;
  email: string;
  amount: number;
  /** The simulator's own status: new, pending, success, failed or reversed. */
  status: string;
  /** A made-up account number to transfer to, and a made-up USSD code to dial. */
  transferAccount: string;
  ussdCode: string;
};

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:16px system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;
background:#f4f4f4;color:#111}
main{background:#fff;padding:2rem;max-width:22rem;width:100%;box-shadow:0 2px 20px #0002}h1{font-size:1.1rem}
button{font:inherit;padding:.75rem 1rem;width:100%;margin-top:.75rem;cursor:pointer;border:1px solid #111}
.pay{background:#0a7d32;color:#fff;border-color:#0a7d32}.note{font-size:.8rem;color:#555}
h2{font-size:.95rem;margin:1.5rem 0 0;border-top:1px solid #ddd;padding-top:1rem}</style></head>
<body><main>${body}</main></body></html>`;

const summary = (tx: Shown) => `<h1>Paystack simulator</h1>
<p>${escapeHtml(tx.email)}</p><p><strong>Pay ${escapeHtml(formatNaira(tx.amount))}</strong></p>
<p class="note">Test mode: no card is charged. This page stands in for Paystack's checkout.</p>`;

/** What the customer is told for bank transfer and USSD before the button that says they paid. */
const transferDetails = (tx: Shown) => `<h2>Bank transfer</h2>
<p>Transfer ${escapeHtml(formatNaira(tx.amount))} to account <strong>${escapeHtml(tx.transferAccount)}</strong>
(Simulator Bank). The bank confirms it later.</p>`;
const ussdDetails = (tx: Shown) => `<h2>USSD</h2>
<p>Dial <strong>${escapeHtml(tx.ussdCode)}</strong> on your phone. The bank confirms it later.</p>`;

/** The redirect path (no JavaScript needed): plain forms. */
export function hostedPage(tx: Shown): string {
  if (tx.status === 'success') return page('Paid', `${summary(tx)}<p>This transaction is already paid.</p>`);
  if (tx.status === 'reversed') return page('Reversed', `${summary(tx)}<p>This transaction was reversed.</p>`);
  if (tx.status === 'pending') {
    return page('Waiting for the bank', `${summary(tx)}<p>Waiting for your bank to confirm this payment.</p>`);
  }
  const base = `/checkout/${encodeURIComponent(tx.accessCode)}`;
  return page(
    'Paystack simulator',
    `${summary(tx)}
<h2>Card</h2>
<form method="post" action="${base}/pay"><button class="pay" type="submit">Pay</button></form>
<form method="post" action="${base}/decline"><button type="submit">Decline</button></form>
${transferDetails(tx)}
<form method="post" action="${base}/transfer"><button type="submit">I've sent the money</button></form>
${ussdDetails(tx)}
<form method="post" action="${base}/ussd"><button type="submit">I've dialled the code</button></form>`,
  );
}

/** Shown inside the pop-up's iframe; talks to the parent page through postMessage, like Paystack's frame. */
export function popupPage(tx: Shown): string {
  const code = JSON.stringify(tx.accessCode);
  return page(
    'Paystack simulator',
    `${summary(tx)}
<h2>Card</h2>
<button class="pay" type="button" id="pay">Pay</button>
<button type="button" id="decline">Decline</button>
${transferDetails(tx)}
<button type="button" id="transfer">I've sent the money</button>
${ussdDetails(tx)}
<button type="button" id="ussd">I've dialled the code</button>
<button type="button" id="close">Close</button>
<script>
const code = ${code};
const tell = (event, extra) =>
  parent.postMessage(Object.assign({ source: 'paystack-simulator', event }, extra || {}), '*');
async function act(what) {
  const response = await fetch('/popup/' + encodeURIComponent(code) + '/' + what, { method: 'POST' });
  return response.json();
}
document.getElementById('pay').onclick = async () => {
  const tx = await act('pay');
  tell('success', { reference: tx.reference, id: tx.id });
};
document.getElementById('decline').onclick = async () => { await act('decline'); tell('cancel'); };
// Paystack's frame posts 'transfer:pending' when the customer says the transfer is sent (inline.js then closes
// the pop-up and calls onCancel, then onBankTransferConfirmationPending); USSD has no such event, so a customer
// leaving to dial is a plain cancel carrying the pending status.
document.getElementById('transfer').onclick = async () => {
  const tx = await act('transfer');
  tell('transfer:pending', { status: tx.status });
};
document.getElementById('ussd').onclick = async () => {
  const tx = await act('ussd');
  tell('cancel', { status: tx.status });
};
document.getElementById('close').onclick = () => tell('cancel');
tell('load');
</script>`,
  );
}

/**
 * A look-alike of https://js.paystack.co/v2/inline.js: `new PaystackPop().resumeTransaction(accessCode,
 * { onLoad, onSuccess, onCancel, onError, onBankTransferConfirmationPending })` opens the pop-up over the page.
 * As @paystack/inline-js 2.25 does, a 'transfer:pending' from the frame closes it and calls onCancel, then
 * onBankTransferConfirmationPending: a store that knows only onCancel treats a sent transfer as not paid yet.
 */
export function inlineScript(origin: string): string {
  return `(() => {
  const ORIGIN = ${JSON.stringify(origin)};
  function PaystackPop() {}
  PaystackPop.prototype.resumeTransaction = function (accessCode, callbacks) {
    callbacks = callbacks || {};
    const frame = document.createElement('iframe');
    frame.src = ORIGIN + '/popup/' + encodeURIComponent(accessCode);
    frame.title = 'Paystack checkout';
    frame.style.cssText =
      'position:fixed;inset:0;width:100%;height:100%;border:0;z-index:2147483647;background:rgba(0,0,0,.4)';
    const close = () => { window.removeEventListener('message', listen); frame.remove(); };
    function listen(event) {
      if (event.origin !== ORIGIN || !event.data || event.data.source !== 'paystack-simulator') return;
      const data = event.data;
      if (data.event === 'load') callbacks.onLoad && callbacks.onLoad({ accessCode: accessCode });
      if (data.event === 'success') {
        close();
        callbacks.onSuccess && callbacks.onSuccess({ id: data.id, reference: data.reference, message: 'Approved' });
      }
      if (data.event === 'cancel') { close(); callbacks.onCancel && callbacks.onCancel(); }
      if (data.event === 'transfer:pending') {
        close();
        callbacks.onCancel && callbacks.onCancel();
        callbacks.onBankTransferConfirmationPending && callbacks.onBankTransferConfirmationPending();
      }
    }
    window.addEventListener('message', listen);
    frame.onerror = () => {
      close();
      callbacks.onError && callbacks.onError({ message: 'Could not load the checkout' });
    };
    document.body.appendChild(frame);
    return { close };
  };
  window.PaystackPop = PaystackPop;
})();`;
}

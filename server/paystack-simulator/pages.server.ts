/**
 * The simulator's HTML: the hosted checkout page (redirect path), the pop-up page and the inline-script look-alike.
 * Both pages offer card (Pay, Decline), bank transfer and USSD. New buttons avoid the words "pay", "decline" and
 * "close": the end-to-end tests find Pay, Decline and Close by name, and a name match there is by substring.
 */
import { formatNaira } from '~/lib/money';
import { TEST_CARDS } from './card-rules.server';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type Shown = {
  accessCode: string;
  email: string;
  amount: number;
  /** The simulator's own status: new, otp (a card at its OTP step), pending, success, failed or reversed. */
  status: string;
  /** A made-up account number to transfer to, and a made-up USSD code to dial. */
  transferAccount: string;
  ussdCode: string;
  /** The transaction's metadata.custom_fields, shown as Paystack's checkout and receipts show them. */
  customFields: { name: string; value: string }[];
  /** The OTP the OTP card takes (test mode: shown on the page), and whether the last one entered was wrong. */
  otp: string;
  wrongOtp: boolean;
  /** Where "Cancel" on the hosted page goes: the callback URL with the reference, where the store asks verify. */
  cancelUrl: string;
};

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>*{box-sizing:border-box}body{font:16px system-ui,sans-serif;margin:0;display:grid;place-items:center;
min-height:100vh;background:#f4f4f4;color:#111}:focus-visible{outline:3px solid #111;outline-offset:2px}
main{background:#fff;padding:2rem 1.25rem;max-width:22rem;width:100%;box-shadow:0 2px 20px #0002;
overflow-wrap:anywhere}h1{font-size:1.1rem}
button{font:inherit;padding:.75rem 1rem;width:100%;margin-top:.75rem;cursor:pointer;border:1px solid #111}
.pay{background:#0a7d32;color:#fff;border-color:#0a7d32}.note{font-size:.8rem;color:#555}
h2{font-size:.95rem;margin:1.5rem 0 0;border-top:1px solid #ddd;padding-top:1rem}</style></head>
<body><main>${body}</main></body></html>`;

const fieldList = (tx: Shown) =>
  tx.customFields.length === 0
    ? ''
    : `<dl class="note">${tx.customFields
        .map((field) => `<dt>${escapeHtml(field.name)}</dt><dd>${escapeHtml(field.value)}</dd>`)
        .join('')}</dl>`;

const summary = (tx: Shown) => `<h1>Paystack simulator</h1>
<p>${escapeHtml(tx.email)}</p><p><strong>Pay ${escapeHtml(formatNaira(tx.amount))}</strong></p>${fieldList(tx)}
<p class="note">Test mode: no card is charged. This page stands in for Paystack's checkout.</p>`;

/**
 * The test card to use. Its name avoids "pay", "decline" and "close" (see above); the plain card is chosen unless
 * the shopper picks the one that asks for an OTP.
 */
const cardChoice = () => `<fieldset><legend>Test card</legend>
${Object.entries(TEST_CARDS)
  .map(
    ([card, { label }]) =>
      `<label><input type="radio" name="card" value="${card}"${card === 'plain' ? ' checked' : ''}> ${escapeHtml(label)}</label><br>`,
  )
  .join('\n')}
</fieldset>`;

/** The OTP step's text: what to type, and what went wrong with the last one. */
const otpText = (tx: Shown) => `<h2>Enter OTP</h2>
<p>Your bank sent a one-time password (OTP) to your phone. Test mode: the OTP is <strong>${escapeHtml(tx.otp)}</strong>.</p>
<p role="alert" id="otp-error"${tx.wrongOtp ? '' : ' hidden'}>That OTP is not right. Please try again.</p>`;

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
  if (tx.status === 'otp') {
    return page(
      'Enter OTP',
      `${summary(tx)}
${otpText(tx)}
<form method="post" action="${base}/otp"><label>OTP <input name="otp" inputmode="numeric" autocomplete="one-time-code"
required></label><button class="pay" type="submit">Submit OTP</button></form>
<p><a href="${escapeHtml(tx.cancelUrl)}">Cancel and go back to the store</a></p>`,
    );
  }
  return page(
    'Paystack simulator',
    `${summary(tx)}
<h2>Card</h2>
<form method="post" action="${base}/pay">${cardChoice()}<button class="pay" type="submit">Pay</button></form>
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
    `<script>
const code = ${code};
const tell = (event, extra) =>
  parent.postMessage(Object.assign({ source: 'paystack-simulator', event }, extra || {}), '*');
async function act(what, fields) {
  const response = await fetch('/popup/' + encodeURIComponent(code) + '/' + what, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fields || {}),
  });
  return response.json();
}
const show = (id, shown) => { document.getElementById(id).hidden = !shown; };
const handlers = {};
handlers.pay = async () => {
  const card = document.querySelector('input[name=card]:checked');
  const tx = await act('pay', { card: card ? card.value : 'plain' });
  // The OTP card stops at its OTP step (verify now says ongoing, channel card); closing here walks away from it.
  if (tx.status === 'ongoing') { show('choose', false); show('otp-step', true); return; }
  tell('success', { reference: tx.reference, id: tx.id });
};
handlers['submit-otp'] = async () => {
  const tx = await act('otp', { otp: document.getElementById('otp').value });
  if (tx.status === 'success') tell('success', { reference: tx.reference, id: tx.id });
  else show('otp-error', true);
};
handlers.decline = async () => { await act('decline'); tell('cancel'); };
// Paystack's frame posts 'transfer:pending' when the customer says the transfer is sent (inline.js then closes
// the pop-up and calls onCancel, then onBankTransferConfirmationPending); USSD has no such event, so a customer
// leaving to dial is a plain cancel carrying the pending status.
handlers.transfer = async () => {
  const tx = await act('transfer');
  tell('transfer:pending', { status: tx.status });
};
handlers.ussd = async () => {
  const tx = await act('ussd');
  tell('cancel', { status: tx.status });
};
handlers.close = () => tell('cancel');
// Run before the controls below are parsed: a click on one can never come before its handler, however slowly the
// page arrives. The frame says it has loaded once all of it has.
document.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest('button[id]') : null;
  if (button && handlers[button.id]) handlers[button.id]();
});
document.addEventListener('DOMContentLoaded', () => tell('load'));
</script>
${summary(tx)}
<div id="choose"${tx.status === 'otp' ? ' hidden' : ''}>
<h2>Card</h2>
${cardChoice()}
<button class="pay" type="button" id="pay">Pay</button>
<button type="button" id="decline">Decline</button>
${transferDetails(tx)}
<button type="button" id="transfer">I've sent the money</button>
${ussdDetails(tx)}
<button type="button" id="ussd">I've dialled the code</button>
</div>
<div id="otp-step"${tx.status === 'otp' ? '' : ' hidden'}>
${otpText(tx)}
<label>OTP <input id="otp" inputmode="numeric" autocomplete="one-time-code"></label>
<button class="pay" type="button" id="submit-otp">Submit OTP</button>
</div>
<button type="button" id="close">Close</button>`,
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
    // A modal over the page: what is on the page now turns inert while it is open, so the keyboard stays in the
    // pop-up, and focus moves into it once it has loaded (docs/paystack-simulator.md, the pop-up's "Keyboard").
    const behind = [...document.body.children].filter((element) => !element.inert);
    const close = () => {
      window.removeEventListener('message', listen);
      behind.forEach((element) => { element.inert = false; });
      frame.remove();
    };
    function listen(event) {
      if (event.origin !== ORIGIN || !event.data || event.data.source !== 'paystack-simulator') return;
      const data = event.data;
      if (data.event === 'load') {
        // A Tab pressed while the frame loaded may already have moved the focus into it: focusing the frame again
        // would send it back to the frame's top.
        if (document.activeElement !== frame) frame.focus();
        callbacks.onLoad && callbacks.onLoad({ accessCode: accessCode });
      }
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
    behind.forEach((element) => { element.inert = true; });
    return { close };
  };
  window.PaystackPop = PaystackPop;
})();`;
}

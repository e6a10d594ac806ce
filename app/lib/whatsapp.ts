/**
 * WhatsApp click-to-chat (docs/requirements.md#9-order-and-payment-statuses): the store's number as admins type it, and
 * the wa.me links the storefront shows. Plain links only: no WhatsApp script is ever loaded, and each link works
 * without JavaScript. The texts are built from what the store knows (its name, a product's name from the database, an
 * order's number), never from a request's words, and every text is percent-encoded into the link. The storefront's
 * links are made by the loaders, so none of this reaches the pages' scripts (the product page's budget): only the
 * admin's settings form uses it.
 */

export const WHATSAPP_NUMBER_ERROR = 'Please enter a Nigerian mobile number, e.g. 0803 123 4567.';
/** Longer than any way of typing a number ('+234 (0) 803-123-4567' is 21): anything past it is not one. */
export const WHATSAPP_NUMBER_MAX = 30;

/**
 * A Nigerian mobile number as people type it ('0803 123 4567', '+234 803 123 4567', '2348031234567', '803 123 4567',
 * '+234 (0)803…', '00234…') in the international form wa.me takes: '234' and the 10 digits after the trunk 0, which
 * start with 7, 8 or 9 for mobiles. Null for anything else (a landline, a foreign or short number, letters).
 */
export function normaliseWhatsappNumber(typed: string): string | null {
  if (typed.length > WHATSAPP_NUMBER_MAX) return null;
  const digits = typed.replace(/[\s().-]/g, '');
  const national = /^(?:(?:\+|00)?234)?0?([789]\d{9})$/.exec(digits)?.[1];
  return national ? `234${national}` : null;
}

/** A stored number ('2348031234567') as people read it: '+234 803 123 4567'. */
export function formatWhatsappNumber(number: string): string {
  const parts = /^234(\d{3})(\d{3})(\d{4})$/.exec(number);
  return parts ? `+234 ${parts[1]} ${parts[2]} ${parts[3]}` : number;
}

/** A chat with the store's number, the message typed in for the shopper to send or change. */
export const whatsappChatUrl = (number: string, text: string) =>
  `https://wa.me/${number}?text=${encodeURIComponent(text)}`;

/** The store's chat with this text, or null when the store has no number (then no page shows the link). */
export const storeChatUrl = (number: string, text: string) => (number ? whatsappChatUrl(number, text) : null);

/** WhatsApp's own "send to…" screen: the shopper picks whom to send the text to. */
export const whatsappShareUrl = (text: string) => `https://wa.me/?text=${encodeURIComponent(text)}`;

/** The footer's chat. */
export const storeChatText = (storeName: string) => `Hello ${storeName}, I have a question.`;

/** "Ask about this piece": the product, the size and colour the shopper chose (when it has them) and its page. */
export function askAboutPieceText({
  storeName,
  productName,
  size,
  color,
  url,
}: {
  storeName: string;
  productName: string;
  size: string | null;
  color: string | null;
  url: string;
}): string {
  const chosen = [size ? `size ${size}` : '', color ? `colour ${color}` : ''].filter(Boolean).join(', ');
  return `Hello ${storeName}, I'd like to ask about ${productName}${chosen ? ` (${chosen})` : ''}: ${url}`;
}

/** "Ask about this order": the number the order page and the mails show (shortOrderId, lib/orders/orders.ts). */
export const askAboutOrderText = (storeName: string, orderNumber: string) =>
  `Hello ${storeName}, I have a question about my order #${orderNumber}.`;

/** "Share on WhatsApp": the product's name and its page. */
export const sharePieceText = (productName: string, url: string) => `${productName}: ${url}`;

/**
 * "WhatsApp the customer" on the admin's order page (docs/requirements.md#12-admin-area): a plain wa.me link to the
 * order's shipping phone with a message naming the order and its status, made by the loader (customerChatUrl). A
 * phone WhatsApp cannot take (not a Nigerian mobile number) is said instead of a link that goes nowhere.
 */
export function CustomerChatLink({ url, phone }: { url: string | null; phone: string }) {
  if (!url) {
    return (
      <p className="text-xs text-muted">
        No WhatsApp link: the shipping phone ({phone || 'none'}) is not a Nigerian mobile number.
      </p>
    );
  }
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex min-h-11 items-center border border-ink px-4 text-xs font-medium uppercase tracking-widest hover:bg-ink hover:text-paper"
    >
      WhatsApp the customer
    </a>
  );
}

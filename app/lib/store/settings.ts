/**
 * Shapes of the store settings the admin edits (docs/requirements.md#5-data-the-store-keeps: hero slides, business
 * hours).
 */
export type HeroSlide = { image: string; title: string; subtitle: string; link: string; buttonText: string };
export type BusinessHours = { days: string; hours: string }[];

/** The general settings (/admin/settings). Delivery's are on /admin/delivery (DeliveryOptions,
 * lib/delivery/delivery.ts). */
export type StoreSettings = {
  storeName: string;
  supportEmail: string;
  supportPhone: string;
  /** WhatsApp click-to-chat: '234' and 10 digits (lib/whatsapp.ts), or '' for none (no WhatsApp links shown). */
  whatsappNumber: string;
  businessHours: BusinessHours;
  heroSlides: HeroSlide[];
  bannerText: string;
  /** The most units of one product (all its sizes and colours together) one order may hold. */
  maxUnitsPerProduct: number;
  /** Minutes an order awaiting a bank transfer or USSD keeps its stock before the sweep decides. */
  transferWindowMinutes: number;
  /**
   * The automated mails (docs/requirements.md#9-order-and-payment-statuses), each on or off with its delay: the
   * reminder to pay an order the shopper left unpaid (minutes after leaving the payment), the abandoned-cart mail
   * (hours the cart lay untouched) and back in stock (minutes after the stock returned).
   */
  unpaidReminderEnabled: boolean;
  unpaidReminderMinutes: number;
  abandonedCartEnabled: boolean;
  abandonedCartHours: number;
  backInStockEnabled: boolean;
  backInStockMinutes: number;
};

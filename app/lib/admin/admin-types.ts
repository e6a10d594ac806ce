/**
 * Shapes the admin dashboard, orders, inbox and admins pages receive from server/admin (components never
 * import server modules, so the types live here). Money is integer kobo; dates are ISO strings.
 */
import type { NetRevenue } from './admin-revenue';
import type { DayTotal } from './admin-chart';
import type { ShippingAddress } from '../accounts/address';
import type { StoredImage } from '../images';
import type {
  CollectionMethod,
  OrderDelivery,
  OrderItemView,
  OrderStateAndSums,
  OrderStatus,
  PaymentMethod,
  PaymentStatus,
  StockState,
} from '../orders/orders';

export type DashboardProduct = {
  id: string;
  name: string;
  price: number;
  category: string;
  createdAt: string;
  image: StoredImage | null;
};
export type DashboardOrder = {
  id: string;
  total: number;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  createdAt: string;
  customerEmail: string;
};
export type LowStockVariant = { productId: string; productName: string; size: string; color: string; stock: number };

export type Dashboard = {
  /** pendingReviews: reviews waiting for the admin's approval (decision 0040). */
  counts: { products: number; collections: number; orders: number; pendingOrders: number; pendingReviews: number };
  /** Sum of the totals of orders whose payment status is 'paid' (docs/requirements.md#12-admin-area). */
  revenue: number;
  /**
   * Pay on delivery (decision 0037): the part of `revenue` collected at the door (the rest came through Paystack), and
   * the totals still due at the door on orders not cancelled.
   */
  payOnDelivery: { collected: number; due: number; dueCount: number };
  recentProducts: DashboardProduct[];
  recentOrders: DashboardOrder[];
  /** One point per Lagos day of the window, oldest first. */
  revenueByDay: DayTotal[];
  lowStock: { threshold: number; total: number; variants: LowStockVariant[] };
  /** The chosen period's gross, refunds, chargebacks, Paystack fees and net (decision 0031). */
  net: NetRevenue;
};

export type AdminOrderRow = {
  id: string;
  createdAt: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentReference: string | null;
  total: number;
  customerName: string;
  customerEmail: string;
  itemCount: number;
  reviewReason: string | null;
};

export type AdminOrderPage = { orders: AdminOrderRow[]; total: number; page: number; pageCount: number };

export type AdminPayment = {
  amount: number;
  currency: string;
  channel: string | null;
  confirmedBy: string;
  paidAt: string | null;
  reference: string;
  provider: string;
};
export type AdminPaymentEvent = { id: number; kind: string; detail: Record<string, unknown>; createdAt: string };
/** One refund asked of Paystack (refunds table); amount in kobo, requestedBy the admin's email when known. */
export type AdminRefund = {
  id: number;
  amount: number;
  reason: string;
  status: 'requesting' | 'no-answer' | 'pending' | 'processing' | 'needs-attention' | 'processed' | 'failed';
  note: string | null;
  providerId: string | null;
  createdAt: string;
  requestedBy: string | null;
  /** What Paystack tells the customer (customer_note); the reason above went as merchant_note. */
  customerNote: string | null;
  /** The bank account a refund needing attention was sent to: the bank and the last four digits only. */
  customerDetails: { bankName: string; accountLast4: string; sentAt: string } | null;
};
/** A chargeback's latest state and the owner's answers to it (disputes table, decision 0031); money in kobo. */
export type AdminDispute = {
  id: number;
  providerId: string;
  status: string;
  category: string | null;
  dueAt: string | null;
  resolution: string | null;
  lastEvent: string;
  updatedAt: string;
  amount: number | null;
  resolvedAt: string | null;
  /** What a lost chargeback took back: out of revenue, and never refundable again. */
  reversedAmount: number | null;
  evidenceId: string | null;
  uploadedFile: string | null;
  answer: 'accepted' | 'declined' | null;
  answeredAt: string | null;
};

export type AdminOrderDetail = OrderStateAndSums & {
  id: string;
  createdAt: string;
  updatedAt: string;
  stockState: StockState;
  paidAt: string | null;
  reviewReason: string | null;
  /** The delivery promised at checkout (decision 0022); the fee is `shipping`. */
  delivery: OrderDelivery;
  shippingAddress: ShippingAddress;
  customer: { id: string; name: string; email: string };
  items: OrderItemView[];
  payment: AdminPayment | null;
  events: AdminPaymentEvent[];
  /** When Paystack first said the money is on its way (payment status 'awaiting'). */
  awaitingSince: string | null;
  refunds: AdminRefund[];
  disputes: AdminDispute[];
  /** Kobo still refundable: the payment less its refunds not failed; 0 unless the order is paid or reversed. */
  refundable: number;
  /**
   * Pay on delivery (decision 0037): how the money was collected at the door and the admin's note, and whether a
   * refusal at the door was forgiven.
   */
  paymentMethod: PaymentMethod;
  collectedBy: CollectionMethod | null;
  collectionNote: string | null;
  refusalForgiven: boolean;
};

export type ContactMessageView = {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: string;
  handledAt: string | null;
};
export type SubscriberView = { id: number; email: string; createdAt: string };
/** `emailVerified`: the account proved the address; only then do the admin rights apply. */
/**
 * A listed admin address (decision 0026): `accepted` once its invitation was answered (the rights belong to that
 * account), `invited` while its newest link can still be used, `expired` when it cannot (resend it).
 */
export type AdminEntry = {
  email: string;
  createdAt: string;
  state: 'accepted' | 'invited' | 'expired';
  /** The account that accepted: its name. */
  name: string | null;
  /** The newest invitation's expiry, while not accepted. */
  expiresAt: string | null;
};

/**
 * What the mail frame shows of the store (frame.server.tsx's MailStore), from the cached settings and delivery
 * options: no SQL once they are read. The store's address is its pickup point when pickup is offered.
 */
import { getDeliveryConfig } from '../delivery/delivery-config.server';
import { publicOrigin } from '../public-url.server';
import { getSettings } from '../store/settings.server';
import type { MailStore } from './frame.server';

export async function mailStore(): Promise<MailStore> {
  const [settings, delivery] = await Promise.all([getSettings(), getDeliveryConfig()]);
  const pickup = delivery.options.pickup;
  return {
    name: settings.storeName,
    origin: publicOrigin(),
    logo: settings.logo,
    supportEmail: settings.supportEmail,
    supportPhone: settings.supportPhone,
    whatsappNumber: settings.whatsappNumber,
    address: pickup.enabled ? pickup.address.trim() : '',
  };
}

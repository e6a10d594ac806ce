/**
 * The two mails of an "Email me when …" request (decision 0027, decision 0036), in the store's frame
 * (mail/frame.server.tsx): the confirmation an address nobody has confirmed gets first, and the one alert sent when
 * the piece can be bought: back in stock (its size and colour) or dropped (the product's opening). The alert shows the
 * piece's picture and price and a button to its page. Only the catalog's words and the store's are in them: nothing the
 * requester typed but the address they go to.
 */
import { Img, Section } from '@react-email/components';
import type { AlertReason } from '~/lib/back-in-stock/back-in-stock-words';
import { imageUrl, pickWidth, type StoredImage } from '~/lib/images';
import { formatNaira } from '~/lib/money';
import type { Mail } from '../mail.server';
import { MailFrame, type MailStore } from '../mail/frame.server';
import { Button, Paragraph, SmallPrint } from '../mail/parts.server';
import { renderMail } from '../mail/render.server';

/** What is asked, for the subject and the body: "Linen Shirt (size M, colour Black)", the catalog's words. */
export function describeAlert({ productName, size, color }: { productName: string; size: string; color: string }) {
  const options = [size && `size ${size}`, color && `colour ${color}`].filter(Boolean);
  return options.length ? `${productName} (${options.join(', ')})` : productName;
}

/** A subject line from catalog words: one line whatever the name holds. */
const oneLine = (subject: string) => subject.replace(/[\r\n]+/g, ' ');

/** The confirmation's request: the catalog's words and the link whose page confirms. */
export type AlertConfirmation = {
  email: string;
  productName: string;
  size: string;
  color: string;
  reason?: AlertReason;
  link: string;
};

/** "Confirm you want this alert": `hours` is how long the link works. */
export function alertConfirmationMail(alert: AlertConfirmation, store: MailStore, hours: number): Promise<Mail> {
  const what = describeAlert(alert);
  const when = alert.reason === 'drop' ? 'drops (opens for sale)' : 'is back in stock';
  return renderMail(
    <MailFrame store={store} preview={`One tap to get a single email when ${what} ${when}.`} greeting="Hello," signOff>
      <Paragraph>{`Someone, we hope you, asked ${store.name} to email this address once when ${what} ${when}.`}</Paragraph>
      <Paragraph>To confirm you want this alert, open the link and press Confirm.</Paragraph>
      <Button href={alert.link}>Confirm the alert</Button>
      <Paragraph>{`The link works for ${hours} hours.`}</Paragraph>
      <SmallPrint>If you did not ask, ignore this email: we won&apos;t write about it again.</SmallPrint>
    </MailFrame>,
    { to: alert.email, subject: oneLine(`Confirm your alert: ${alert.productName}`) },
  );
}

/** A request ready to be mailed: the piece as the catalog has it now. */
export type ReadyAlert = {
  email: string;
  productId: string;
  name: string;
  price: number;
  /** '' for a drop (the product as a whole) or a product without sizes or colours. */
  size: string;
  color: string;
  image: StoredImage | null;
  reason: AlertReason;
};

const PICTURE_WIDTH = 240;

/** The piece's picture, drawn 240 px wide from a stored variant twice that, through PUBLIC_URL. */
function Picture({ image, alt, origin }: { image: StoredImage; alt: string; origin: string }) {
  const height = Math.round((image.height / image.width) * PICTURE_WIDTH);
  return (
    <Section style={{ margin: '0 0 16px' }}>
      <Img
        src={`${origin}${imageUrl(image, pickWidth(image, PICTURE_WIDTH * 2))}`}
        width={PICTURE_WIDTH}
        height={height}
        alt={alt}
        style={{ display: 'block', borderRadius: '4px', border: 0 }}
      />
    </Section>
  );
}

/** The words of each reason: the subject, the inbox's preview, the news, and why only one mail comes. */
function alertWords(alert: ReadyAlert, store: MailStore) {
  const what = describeAlert({ productName: alert.name, size: alert.size, color: alert.color });
  const price = formatNaira(alert.price);
  return alert.reason === 'drop'
    ? {
        subject: `It has dropped: ${alert.name}`,
        preview: `On sale now at ${price}. Drops sell out fast.`,
        news: `It has dropped: ${alert.name} is on sale now at ${store.name}.`,
        price: `Price: ${price}`,
        hurry: 'Drops sell out fast, so we cannot hold one for you.',
        once: 'You asked us to tell you when it dropped; this is the only email we send about it.',
      }
    : {
        subject: `Back in stock: ${alert.name}`,
        preview: `${what} is back at ${price}. Pieces sell out fast.`,
        news: `Good news: ${what} is back in stock at ${store.name}.`,
        price: `Price now: ${price}`,
        hurry: 'Pieces sell out fast, so we cannot hold it for you.',
        once: 'You asked us to tell you when it was back; this is the only email we send about it.',
      };
}

/** The one alert of a request: the piece, its picture, its price now and a button to its page. */
export function alertMail(alert: ReadyAlert, store: MailStore): Promise<Mail> {
  const words = alertWords(alert, store);
  const link = `${store.origin}/product/${encodeURIComponent(alert.productId)}`;
  return renderMail(
    <MailFrame store={store} preview={words.preview} greeting="Hello," signOff>
      <Paragraph>{words.news}</Paragraph>
      {alert.image ? <Picture image={alert.image} alt={alert.name} origin={store.origin} /> : null}
      <Paragraph strong>{words.price}</Paragraph>
      <Button href={link}>See it and order</Button>
      <SmallPrint>{words.hurry}</SmallPrint>
      <SmallPrint>{words.once}</SmallPrint>
    </MailFrame>,
    { to: alert.email, subject: oneLine(words.subject) },
  );
}

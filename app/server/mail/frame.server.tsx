/**
 * The store's one mail frame (docs/decisions/0046-mail-frame.md). Every mail is a React Email element:
 *
 *   const mail = await renderMail(
 *     <MailFrame store={store} preview="Arriving Thursday" greeting={`Hello ${name},`} signOff>
 *       <Paragraph>Your order is on its way.</Paragraph>
 *       <Button href={link}>Track your parcel</Button>
 *     </MailFrame>,
 *     { to, subject },
 *   );
 *
 * The frame draws the header (the store's logo through PUBLIC_URL, and its name), the greeting, the mail's own
 * content, the sign-off and a footer with the support contacts (mail, phone, WhatsApp), the store's address when it
 * has one and, for a marketing mail (`marketing`), why it came and its unsubscribe link: renderMail's `headers` then
 * carry marketingHeaders(to) (marketing/unsubscribe.server.ts). Tables and inline styles for Gmail, Outlook and Apple
 * Mail; a light page that a dark-mode client may darken (the colours keep their contrast either way). Everything shown
 * is React text, escaped: shop data never becomes markup.
 */
import { Body, Column, Container, Head, Html, Img, Link, Preview, Row, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';
import type { StoredImage } from '~/lib/images';
import { logoAt } from '~/lib/store/store-identity';
import { formatWhatsappNumber, whatsappChatUrl } from '~/lib/whatsapp';
import { colours, font } from './styles.server';

/** What the frame shows of the store: mailStore() (store.server.ts) reads it from the settings. */
export type MailStore = {
  name: string;
  /** PUBLIC_URL's origin: every link and picture in a mail is absolute. */
  origin: string;
  logo: StoredImage | null;
  supportEmail: string;
  /** '' for none. */
  supportPhone: string;
  /** International form without '+' ('2348031234567'), '' for none. */
  whatsappNumber: string;
  /** The store's own address (its pickup point), '' for none. */
  address: string;
};

export type MailFrameProps = {
  store: MailStore;
  /** The line a phone's inbox shows under the subject (at most 150 characters are kept). */
  preview: string;
  /** "Hello Ada," (a shopper's words: shown as text). */
  greeting: string;
  /** Sign off with the store's name. */
  signOff?: boolean;
  /** A marketing mail: why it came, and where to stop them. */
  marketing?: { reason: string; unsubscribeUrl: string };
  children: ReactNode;
};

const LOGO_HEIGHT = 40;

const darkMode = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .mail-page { background-color: ${colours.darkPage} !important; }
  .mail-card { background-color: ${colours.darkCard} !important; }
  .mail-text { color: ${colours.darkText} !important; }
  .mail-muted { color: ${colours.darkMuted} !important; }
  .mail-button { background-color: ${colours.darkText} !important; color: ${colours.darkCard} !important; }
}
@media only screen and (max-width: 600px) {
  .mail-card { padding: 20px 16px !important; }
}`;

function Header({ store }: { store: MailStore }) {
  const logo = store.logo ? logoAt(store.logo, LOGO_HEIGHT) : null;
  return (
    <Section style={{ padding: '24px 0 16px', textAlign: 'center' }}>
      {logo ? (
        <Img
          src={`${store.origin}${logo.src}`}
          width={logo.width}
          height={logo.height}
          alt={store.name}
          style={{ margin: '0 auto 8px', border: 0 }}
        />
      ) : null}
      <Text
        className="mail-text"
        style={{
          ...font,
          margin: 0,
          fontSize: '20px',
          fontWeight: 700,
          letterSpacing: '0.04em',
          color: colours.text,
        }}
      >
        {store.name}
      </Text>
    </Section>
  );
}

function Footer({ store, marketing }: Pick<MailFrameProps, 'store' | 'marketing'>) {
  const small = { ...font, margin: '0 0 6px', fontSize: '12px', lineHeight: '18px', color: colours.muted };
  const link = { color: colours.muted, textDecoration: 'underline' };
  const whatsapp = store.whatsappNumber
    ? whatsappChatUrl(store.whatsappNumber, `Hello ${store.name}, I have a question.`)
    : null;
  return (
    <Section style={{ padding: '16px 8px 32px', textAlign: 'center' }}>
      <Text className="mail-muted" style={small}>
        {'Questions? Reply to this email or write to '}
        <Link href={`mailto:${store.supportEmail}`} style={link}>
          {store.supportEmail}
        </Link>
        .
      </Text>
      {store.supportPhone || whatsapp ? (
        <Text className="mail-muted" style={small}>
          {store.supportPhone ? `Call ${store.supportPhone}${whatsapp ? ' · ' : ''}` : null}
          {whatsapp ? (
            <Link href={whatsapp} style={link}>
              {`WhatsApp ${formatWhatsappNumber(store.whatsappNumber)}`}
            </Link>
          ) : null}
        </Text>
      ) : null}
      {store.address ? (
        <Text className="mail-muted" style={small}>
          {`${store.name} · ${store.address}`}
        </Text>
      ) : null}
      {marketing ? (
        <Text className="mail-muted" style={small}>
          {`${marketing.reason} `}
          <Link href={marketing.unsubscribeUrl} style={link}>
            Unsubscribe
          </Link>
        </Text>
      ) : null}
    </Section>
  );
}

/** The frame around a mail's content: header, greeting, content, sign-off, footer. */
export function MailFrame({ store, preview, greeting, signOff, marketing, children }: MailFrameProps) {
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{darkMode}</style>
      </Head>
      <Preview>{preview}</Preview>
      <Body className="mail-page" style={{ margin: 0, padding: '0 8px', backgroundColor: colours.page }}>
        <Container style={{ width: '100%', maxWidth: '600px' }}>
          <Header store={store} />
          <Section
            className="mail-card"
            style={{ padding: '28px 32px', backgroundColor: colours.card, borderRadius: '8px' }}
          >
            <Row>
              <Column>
                <Text
                  className="mail-text"
                  style={{ ...font, margin: '0 0 16px', fontSize: '16px', color: colours.text }}
                >
                  {greeting}
                </Text>
                {children}
                {signOff ? (
                  <Text
                    className="mail-text"
                    style={{ ...font, margin: '24px 0 0', fontSize: '15px', color: colours.text }}
                  >
                    {store.name}
                  </Text>
                ) : null}
              </Column>
            </Row>
          </Section>
          <Footer store={store} marketing={marketing} />
        </Container>
      </Body>
    </Html>
  );
}

/**
 * The pieces a mail's content is made of, inside MailFrame (frame.server.tsx): a paragraph, a button, an order's
 * lines with their pictures, the totals, an address. Each is text to React (escaped) and renders as tables with inline
 * styles; the plain-text twin (render.server.ts) reads the same elements.
 */
import { Button as EmailButton, Column, Img, Link, Row, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';
import { imageUrl, pickWidth, type StoredImage } from '~/lib/images';
import { formatNaira } from '~/lib/money';
import { colours, font } from './styles.server';

const text = { ...font, fontSize: '15px', color: colours.text };
const muted = { ...font, fontSize: '13px', lineHeight: '20px', color: colours.muted };

export function Paragraph({ children, strong }: { children: ReactNode; strong?: boolean }) {
  return (
    <Text className="mail-text" style={{ ...text, margin: '0 0 16px', fontWeight: strong ? 700 : 400 }}>
      {children}
    </Text>
  );
}

/** A small heading over a block (the order's lines, the address). */
export function Subheading({ children }: { children: ReactNode }) {
  return (
    <Text
      className="mail-muted"
      style={{ ...muted, margin: '24px 0 8px', fontSize: '12px', fontWeight: 700, letterSpacing: '0.08em' }}
    >
      {children}
    </Text>
  );
}

/** The mail's call to action: an absolute https (or http in development) link drawn as a button. */
export function Button({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '8px 0 24px' }}>
      <EmailButton
        href={href}
        className="mail-button"
        style={{
          ...font,
          display: 'inline-block',
          padding: '12px 24px',
          borderRadius: '6px',
          backgroundColor: colours.button,
          color: colours.buttonText,
          fontSize: '15px',
          fontWeight: 700,
          textDecoration: 'none',
        }}
      >
        {children}
      </EmailButton>
    </Section>
  );
}

/** One line of an order (or a cart): what was bought, as the order keeps it. */
export type MailLine = {
  name: string;
  size: string;
  color: string;
  quantity: number;
  unitPrice: number;
  image: StoredImage | null;
  /** Under the line, in small print: "Sold out", "Still available" (the reminder, the cart). */
  note?: string;
  /** Under the line: a link to its product ("See the product"). */
  link?: { href: string; label: string };
};

/** The picture's drawn width; the file is the smallest stored variant at least twice that wide. */
export const LINE_PICTURE_WIDTH = 64;

/** The absolute address of a line's picture: a small stored variant, served at /media/ through PUBLIC_URL. */
export function linePictureUrl(image: StoredImage, origin: string): string {
  return `${origin}${imageUrl(image, pickWidth(image, LINE_PICTURE_WIDTH * 2))}`;
}

function LinePicture({ image, alt, origin }: { image: StoredImage | null; alt: string; origin: string }) {
  const height = image ? Math.round((image.height / image.width) * LINE_PICTURE_WIDTH) : LINE_PICTURE_WIDTH;
  return image ? (
    <Img
      src={linePictureUrl(image, origin)}
      width={LINE_PICTURE_WIDTH}
      height={height}
      alt={alt}
      style={{ display: 'block', borderRadius: '4px', border: 0 }}
    />
  ) : (
    <div style={{ width: `${LINE_PICTURE_WIDTH}px`, height: `${height}px`, backgroundColor: colours.line }} />
  );
}

/**
 * The most lines a mail shows, each about 2 KB of HTML: a mail stays under its budget (MAIL_HTML_BUDGET) however large
 * the order; the rest are counted under them.
 */
export const MAX_LINES_SHOWN = 25;

/** Each line: its picture, name, size, colour, quantity and price (the line's amount, and each when several). */
export function OrderLines({ lines, origin }: { lines: readonly MailLine[]; origin: string }) {
  const hidden = lines.length - MAX_LINES_SHOWN;
  return (
    <Section style={{ margin: '0 0 8px' }}>
      {lines.slice(0, MAX_LINES_SHOWN).map((line, index) => {
        const details = [
          line.size ? `Size ${line.size}` : '',
          line.color ? `Colour ${line.color}` : '',
          `Qty ${line.quantity}`,
        ].filter(Boolean);
        const each = line.quantity > 1 ? ` (${formatNaira(line.unitPrice)} each)` : '';
        return (
          <Row key={index} style={{ borderBottom: `1px solid ${colours.line}` }}>
            <Column
              style={{ width: `${LINE_PICTURE_WIDTH + 16}px`, padding: '12px 16px 12px 0', verticalAlign: 'top' }}
            >
              <LinePicture image={line.image} alt={line.name} origin={origin} />
            </Column>
            <Column style={{ padding: '12px 0', verticalAlign: 'top' }}>
              <Text className="mail-text mail-compact" style={{ ...text, margin: 0, fontWeight: 700 }}>
                {line.name}
              </Text>
              <Text className="mail-muted mail-compact" style={{ ...muted, margin: 0 }}>
                {details.join(' · ')}
              </Text>
              {line.note ? (
                <Text className="mail-muted mail-compact" style={{ ...muted, margin: 0, fontStyle: 'italic' }}>
                  {line.note}
                </Text>
              ) : null}
              {line.link ? (
                <Text className="mail-muted mail-compact" style={{ ...muted, margin: 0 }}>
                  <Link href={line.link.href} style={{ color: colours.muted, textDecoration: 'underline' }}>
                    {line.link.label}
                  </Link>
                </Text>
              ) : null}
            </Column>
            <Column style={{ padding: '12px 0 12px 12px', verticalAlign: 'top', textAlign: 'right' }}>
              <Text className="mail-text mail-compact" style={{ ...text, margin: 0, whiteSpace: 'nowrap' }}>
                {formatNaira(line.unitPrice * line.quantity)}
                {each ? (
                  <span className="mail-muted" style={{ ...muted, display: 'block' }}>
                    {each}
                  </span>
                ) : null}
              </Text>
            </Column>
          </Row>
        );
      })}
      {hidden > 0 ? (
        <Text className="mail-muted" style={{ ...muted, margin: '8px 0 0' }}>
          {`And ${hidden} more ${hidden === 1 ? 'line' : 'lines'}, in the totals below and on the order's page.`}
        </Text>
      ) : null}
    </Section>
  );
}

/** "Subtotal ₦40,000", "Delivery (Lagos: 1–2 working days) Free", … then the total in bold, and a note under it. */
export function Totals({
  rows,
  total,
  note,
}: {
  rows: readonly { label: string; value: string }[];
  total: { label: string; value: string };
  note?: string;
}) {
  const cell = (bold: boolean, right: boolean) => ({
    ...(bold ? text : muted),
    margin: 0,
    fontWeight: bold ? 700 : 400,
    textAlign: right ? ('right' as const) : ('left' as const),
  });
  return (
    <Section style={{ margin: '0 0 16px' }}>
      {[...rows, total].map((row, index) => {
        const bold = index === rows.length;
        return (
          <Row key={index} className="mail-row">
            <Column className="mail-inline" style={{ padding: bold ? '8px 0 0' : '2px 0' }}>
              <Text className={`${bold ? 'mail-text' : 'mail-muted'} mail-label`} style={cell(bold, false)}>
                {row.label}
              </Text>
            </Column>
            <Column className="mail-inline" style={{ padding: bold ? '8px 0 0' : '2px 0', whiteSpace: 'nowrap' }}>
              <Text className={`${bold ? 'mail-text' : 'mail-muted'} mail-inline`} style={cell(bold, true)}>
                {row.value}
              </Text>
            </Column>
          </Row>
        );
      })}
      {note ? (
        <Text className="mail-muted" style={{ ...muted, margin: '8px 0 0' }}>
          {note}
        </Text>
      ) : null}
    </Section>
  );
}

/** An address (or any block of lines) under its small heading: "Delivering to", "Collect your order at". */
export function Address({ title, lines }: { title: string; lines: readonly string[] }) {
  return (
    <Section>
      <Subheading>{title}</Subheading>
      <Text className="mail-text" style={{ ...text, margin: '0 0 16px' }}>
        {lines.filter(Boolean).map((line, index) => (
          <span key={index}>
            {index > 0 ? <br /> : null}
            {line}
          </span>
        ))}
      </Text>
    </Section>
  );
}

/** Small print under a mail's content: what to do when the mail was not expected, why it comes only once. */
export function SmallPrint({ children }: { children: ReactNode }) {
  return (
    <Text className="mail-muted" style={{ ...muted, margin: '0 0 12px' }}>
      {children}
    </Text>
  );
}

/** A link inside a sentence (the button is the mail's one call to action); the text part writes its address after. */
export function TextLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className="mail-text" style={{ color: colours.text, textDecoration: 'underline' }}>
      {children}
    </Link>
  );
}

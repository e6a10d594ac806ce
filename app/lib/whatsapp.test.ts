import { describe, expect, it } from 'vitest';
import {
  askAboutOrderText,
  askAboutPieceText,
  formatWhatsappNumber,
  normaliseWhatsappNumber,
  sharePieceText,
  storeChatText,
  storeChatUrl,
  whatsappChatUrl,
  whatsappShareUrl,
} from './whatsapp';

describe('normaliseWhatsappNumber', () => {
  it('takes a Nigerian mobile number however people type it', () => {
    for (const typed of [
      '0803 123 4567',
      '08031234567',
      '+234 803 123 4567',
      '+2348031234567',
      '2348031234567',
      '234 803 123 4567',
      '803 123 4567',
      '8031234567',
      '+234 (0)803 123 4567',
      '+234-803-123-4567',
      '0803.123.4567',
      '002348031234567',
      ' \t0803 123 4567 ',
    ])
      expect(normaliseWhatsappNumber(typed), typed).toBe('2348031234567');
    expect(normaliseWhatsappNumber('0703 000 1111')).toBe('2347030001111');
    expect(normaliseWhatsappNumber('0909 999 9999')).toBe('2349099999999');
  });

  it('refuses landlines, foreign, short or long numbers and anything else', () => {
    for (const typed of [
      '',
      '0',
      '01 234 5678',
      '0603 123 4567',
      '+234 603 123 4567',
      '0803 123 456',
      '0803 123 45678',
      '+44 7911 123456',
      '+1 803 123 4567',
      '+2348031234567 ext 2',
      '0803123456a',
      '0803/123/4567',
      '+ 234 803 123 4567 +',
      '++2348031234567',
      '٠٨٠٣١٢٣٤٥٦٧',
      `0803 123 4567${' '.repeat(30)}`,
      '0'.repeat(1_000) + '8031234567',
    ])
      expect(normaliseWhatsappNumber(typed), typed).toBeNull();
  });

  it('reads back what it stores as people read it', () => {
    expect(formatWhatsappNumber('2348031234567')).toBe('+234 803 123 4567');
    expect(normaliseWhatsappNumber(formatWhatsappNumber('2349099999999'))).toBe('2349099999999');
  });
});

describe('the links', () => {
  it('chat with the number, the text percent-encoded whole (spaces as %20, never a second parameter)', () => {
    expect(whatsappChatUrl('2348031234567', 'Hello Maison, I have a question.')).toBe(
      'https://wa.me/2348031234567?text=Hello%20Maison%2C%20I%20have%20a%20question.',
    );
    const url = new URL(whatsappChatUrl('2348031234567', 'A & B #1 ?x=y&text=evil+100%'));
    expect([...url.searchParams.keys()]).toEqual(['text']);
    expect(url.searchParams.get('text')).toBe('A & B #1 ?x=y&text=evil+100%');
    expect(url.hash).toBe('');
    expect(url.host).toBe('wa.me');
    expect(url.pathname).toBe('/2348031234567');
  });

  it("the store's chat only when it has a number", () => {
    expect(storeChatUrl('2348031234567', 'Hi')).toBe('https://wa.me/2348031234567?text=Hi');
    expect(storeChatUrl('', 'Hi')).toBeNull();
  });

  it('share with no number: WhatsApp asks whom to send it to', () => {
    const url = new URL(whatsappShareUrl(sharePieceText('Àṣọ Okè Shirt', 'https://shop.ng/product/abc')));
    expect(url.origin + url.pathname).toBe('https://wa.me/');
    expect(url.searchParams.get('text')).toBe('Àṣọ Okè Shirt: https://shop.ng/product/abc');
  });
});

describe('the messages', () => {
  it('say which store, which piece in which size and colour, and which order', () => {
    const piece = { storeName: 'Maison Lagos', productName: 'Agbada Coat', url: 'https://shop.ng/product/abc' };
    expect(askAboutPieceText({ ...piece, size: 'M', color: 'Black' })).toBe(
      "Hello Maison Lagos, I'd like to ask about Agbada Coat (size M, colour Black): https://shop.ng/product/abc",
    );
    expect(askAboutPieceText({ ...piece, size: 'XL', color: null })).toBe(
      "Hello Maison Lagos, I'd like to ask about Agbada Coat (size XL): https://shop.ng/product/abc",
    );
    expect(askAboutPieceText({ ...piece, size: null, color: 'Gold' })).toBe(
      "Hello Maison Lagos, I'd like to ask about Agbada Coat (colour Gold): https://shop.ng/product/abc",
    );
    expect(askAboutPieceText({ ...piece, size: null, color: null })).toBe(
      "Hello Maison Lagos, I'd like to ask about Agbada Coat: https://shop.ng/product/abc",
    );
    expect(askAboutOrderText('Maison Lagos', 'AB12CD34')).toBe(
      'Hello Maison Lagos, I have a question about my order #AB12CD34.',
    );
    expect(storeChatText('Maison Lagos')).toBe('Hello Maison Lagos, I have a question.');
  });
});

/** Short random ids for URLs: 14 characters of [0-9a-z], about 72 bits of randomness. */
const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
export const ID_PATTERN = /^[0-9a-z]{14}$/;

export function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(14));
  let id = '';
  // 252 = 7 * 36, so taking bytes below it keeps every character equally likely.
  for (const byte of bytes) id += ALPHABET[byte % 36];
  return id;
}

export const isId = (value: unknown): value is string => typeof value === 'string' && ID_PATTERN.test(value);

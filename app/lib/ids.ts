/** Short random ids for URLs: 14 characters of [0-9a-z], about 72 bits of randomness. */
export const ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
export const ID_PATTERN = /^[0-9a-z]{14}$/;

export function newId(): string {
  let id = '';
  while (id.length < 14) {
    // 252 = 7 * 36: only bytes below it are taken, so every character is equally likely.
    for (const byte of crypto.getRandomValues(new Uint8Array(16)))
      if (byte < 252 && id.length < 14) id += ID_ALPHABET[byte % 36];
  }
  return id;
}

export const isId = (value: unknown): value is string => typeof value === 'string' && ID_PATTERN.test(value);

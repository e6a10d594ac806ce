/**
 * The rule every storage key follows, whatever the backend: checked before a file is touched or a request sent,
 * so a key from a URL or a form can never name a file outside the store or an object of another prefix.
 */

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key)}`);
    this.name = 'InvalidStorageKeyError';
  }
}

// Segments of letters, digits, '.', '_' and '-', not starting with a dot: no "..", no hidden files,
// no absolute paths, no backslashes or other characters a file system or URL would treat specially.
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

/** Whether `key` is a safe relative path like `products/1732212345_linen-shirt-640.webp`. */
export function isValidKey(key: unknown): key is string {
  return typeof key === 'string' && key.length > 0 && key.length <= 512 && key.split('/').every((s) => SEGMENT.test(s));
}

/** Throws unless `key` is a safe relative path like `products/1732212345_linen-shirt-640.webp`. */
export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new InvalidStorageKeyError(String(key));
}

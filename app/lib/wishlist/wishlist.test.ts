import { describe, expect, it } from 'vitest';
import { parseIdsParam, parseStoredWishlist, WISHLIST_MAX, WISHLIST_MESSAGES, wishlistActionSchema } from './wishlist';

const id = (n: number) => `p${String(n).padStart(13, '0')}`;

describe('the browser list', () => {
  it('keeps well-formed ids once each, the newest WISHLIST_MAX, and reads anything else as empty', () => {
    expect(parseStoredWishlist(JSON.stringify([id(1), 'nope', id(2), id(1), 7, null]))).toEqual([id(1), id(2)]);
    expect(parseStoredWishlist(JSON.stringify(Array.from({ length: WISHLIST_MAX + 5 }, (_, i) => id(i))))).toHaveLength(
      WISHLIST_MAX,
    );
    expect(parseStoredWishlist(JSON.stringify(Array.from({ length: WISHLIST_MAX + 5 }, (_, i) => id(i))))[0]).toBe(
      id(5),
    );
    for (const raw of [null, '', '{', '"x"', '{"a":1}', 'null']) expect(parseStoredWishlist(raw)).toEqual([]);
  });

  it('reads ?ids= as a capped list of well-formed ids', () => {
    expect(parseIdsParam(`${id(1)},,bad,${id(2)},${id(1)}`)).toEqual([id(1), id(2)]);
    expect(parseIdsParam(null)).toEqual([]);
    expect(parseIdsParam(Array.from({ length: 300 }, (_, i) => id(i)).join(','))).toHaveLength(WISHLIST_MAX);
  });
});

describe('wishlistActionSchema', () => {
  it('accepts the four intents and refuses anything else with a message', () => {
    expect(wishlistActionSchema.parse({ intent: 'toggle', productId: id(1) })).toEqual({
      intent: 'toggle',
      productId: id(1),
    });
    expect(wishlistActionSchema.parse({ intent: 'merge', productIds: [id(1), 'junk'] })).toEqual({
      intent: 'merge',
      productIds: [id(1), 'junk'],
    });
    expect(wishlistActionSchema.safeParse({ intent: 'delete-all' }).error?.issues[0].message).toBe(
      WISHLIST_MESSAGES.badIntent,
    );
    expect(wishlistActionSchema.safeParse({ intent: 'add', productId: '../etc' }).error?.issues[0].message).toBe(
      WISHLIST_MESSAGES.badProduct,
    );
    expect(wishlistActionSchema.safeParse({ intent: 'add' }).error?.issues[0].message).toBe(
      WISHLIST_MESSAGES.badProduct,
    );
  });
});

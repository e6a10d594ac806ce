import { describe, expect, it } from 'vitest';
import { chosenColour, photosFor, swatchOf } from './colours';

describe('colours on the storefront', () => {
  it("finds the product's colour a ?colour= names, in any case", () => {
    expect(chosenColour(['Black', 'Navy Blue'], 'navy blue')).toBe('Navy Blue');
    expect(chosenColour(['Black'], 'Red')).toBeNull();
    expect(chosenColour(['Black'], null)).toBeNull();
    expect(chosenColour(['Black'], '  ')).toBeNull();
  });

  it("puts a colour's photos first, then those of every colour, then the others, each in order", () => {
    const images = [
      { key: 'a', color: 'Black' },
      { key: 'b', color: null },
      { key: 'c', color: 'Red' },
      { key: 'd', color: 'Black' },
      { key: 'e', color: 'Red' },
    ];
    expect(photosFor(images, 'Red').map((i) => i.key)).toEqual(['c', 'e', 'b', 'a', 'd']);
    expect(photosFor(images, null).map((i) => i.key)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('paints a colour the table does not know grey', () => {
    expect(swatchOf([{ name: 'Red', swatch: '#b3262d' }], 'Red')).toBe('#b3262d');
    expect(swatchOf([], 'Red')).toBe('#8a8d91');
  });
});

import { describe, expect, it } from 'vitest';
import { imageColourValue, parseImageColours } from './admin-catalog';
import { COLOUR_MESSAGES, colourSchema } from './admin-colours';

describe('the colour form', () => {
  it('keeps a name trimmed and single-spaced, and the swatch in lower case', () => {
    expect(colourSchema.parse({ name: ' Navy   Blue ', swatch: '#1F2A44' })).toEqual({
      name: 'Navy Blue',
      swatch: '#1f2a44',
    });
  });

  it('refuses a comma in the name and a swatch that is not #rrggbb', () => {
    const result = colourSchema.safeParse({ name: 'Sand, light', swatch: '#fff' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      COLOUR_MESSAGES.nameComma,
      COLOUR_MESSAGES.swatch,
    ]);
  });
});

describe("a photo's colour on the product form", () => {
  it('reads each key with its colour, blank as every colour, the first of a key posted twice', () => {
    const posted = [
      imageColourValue('products/1_a', 'Red'),
      imageColourValue('products/1_b', null),
      'products/1_a|Black',
      '|Red',
      'nonsense',
    ];
    expect([...parseImageColours(posted)]).toEqual([
      ['products/1_a', 'Red'],
      ['products/1_b', null],
    ]);
  });
});

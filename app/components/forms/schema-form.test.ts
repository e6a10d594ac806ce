/** The constraints the inputs get from a form's schema (Conform alone gives only `required` with zod 4.6). */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contactSchema } from '~/lib/forms/forms';
import { schemaConstraint } from './schema-form';

describe('schemaConstraint', () => {
  it('gives text fields their lengths, through trims and pipes', () => {
    expect(schemaConstraint(contactSchema)).toEqual({
      name: { required: true, maxLength: 100 },
      email: { required: true, maxLength: 254 },
      subject: { required: true, maxLength: 150 },
      message: { required: true, maxLength: 5000 },
    });
  });

  it('reads rows of a list and the object a final transform takes', () => {
    const schema = z
      .object({
        title: z.string().min(3).max(40),
        slides: z.array(z.object({ caption: z.string().max(80).optional() })).max(5),
      })
      .transform((value) => ({ ...value, count: value.slides.length }));
    const constraint = schemaConstraint(schema);
    expect(constraint.title).toMatchObject({ required: true, minLength: 3, maxLength: 40 });
    expect(constraint['slides[].caption']).toMatchObject({ maxLength: 80 });
  });
});

import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import {
  guideFormRows,
  parseCm,
  parseSubject,
  SIZE_GUIDE_MESSAGES,
  sizeGuideFormStart,
  sizeGuideSchema,
  SPARE_ROWS,
  subjectValue,
} from './admin-size-guides';

/** The form as the page posts it: `rows[1].cm[0]`, blank boxes included. */
function posted(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return parseWithZod(form, { schema: sizeGuideSchema });
}
const errorsOf = (fields: Record<string, string>) => {
  const submission = posted(fields);
  return submission.status === 'success' ? {} : (submission.error ?? {});
};

describe('the size guide form', () => {
  it('keeps named columns and rows with values, cells following their columns, in centimetres', () => {
    const submission = posted({
      subject: 'category:Shirts',
      'measurements[0]': ' Chest ',
      'measurements[1]': '',
      'measurements[2]': 'Waist',
      'rows[0].size': 'S',
      'rows[0].cm[0]': '96',
      'rows[0].cm[2]': '81,5',
      'rows[1].size': 'M',
      'rows[1].cm[0]': '',
      'rows[2].size': '',
      'rows[3].size': 'L',
      'rows[3].cm[2]': '0',
    });
    expect(submission.status).toBe('success');
    expect(submission.status === 'success' && submission.value).toEqual({
      subject: { sizeSetId: null, category: 'Shirts' },
      measurements: ['Chest', 'Waist'],
      rows: [
        { size: 'S', cm: [96, 81.5] },
        { size: 'L', cm: [null, 0] },
      ],
    });
  });

  it('reads centimetres from 0 to 300 with at most one decimal', () => {
    expect(parseCm('96.5')).toBe(96.5);
    expect(parseCm(' 300 ')).toBe(300);
    expect(parseCm('')).toBeNull();
    for (const bad of ['300.1', '96.55', '-1', '1e2', 'abc', '1000']) expect(parseCm(bad)).toBeUndefined();
  });

  it('refuses each mistake on its own box, all at once', () => {
    const errors = errorsOf({
      subject: 'category:Shirts',
      'measurements[0]': 'Chest',
      'measurements[1]': 'chest',
      'measurements[2]': '',
      'rows[0].size': 'S',
      'rows[0].cm[0]': '301',
      'rows[0].cm[2]': '40',
      'rows[1].size': '',
      'rows[1].cm[0]': '90',
      'rows[2].size': 's',
      'rows[2].cm[0]': '90',
    });
    expect(errors).toEqual({
      'measurements[1]': [SIZE_GUIDE_MESSAGES.measurementTwice('chest')],
      'measurements[2]': [SIZE_GUIDE_MESSAGES.unnamedColumn(3)],
      'rows[0].cm[0]': [SIZE_GUIDE_MESSAGES.cm('S', 'Chest')],
      'rows[1].size': [SIZE_GUIDE_MESSAGES.size],
      'rows[2].size': [SIZE_GUIDE_MESSAGES.sizeTwice('s')],
    });
  });

  it('asks for a measurement name and a value, and what the guide is for', () => {
    expect(errorsOf({ subject: 'category:Shirts', 'rows[0].size': 'S' })).toEqual({
      'measurements[0]': [SIZE_GUIDE_MESSAGES.measurementsRequired],
      rows: [SIZE_GUIDE_MESSAGES.rowsRequired],
    });
    for (const subject of ['category:Hats', 'set:../etc', 'Shirts', ''])
      expect(errorsOf({ subject, 'measurements[0]': 'Chest', 'rows[0].size': 'S', 'rows[0].cm[0]': '9' })).toEqual({
        subject: [SIZE_GUIDE_MESSAGES.subject],
      });
  });

  it('names a guide by its set or its category', () => {
    expect(parseSubject('set:shoeseu0000001')).toEqual({ sizeSetId: 'shoeseu0000001', category: null });
    expect(parseSubject('category:Shoes')).toEqual({ sizeSetId: null, category: 'Shoes' });
    expect(subjectValue({ sizeSetId: null, category: 'Shoes' })).toBe('category:Shoes');
  });

  it("starts a set's guide with a row per size of the set, and a category's with blank rows to spare", () => {
    const saved = [
      { size: '40', cm: [25.5] },
      { size: '47', cm: [30] },
    ];
    // 47 left the set since; 41 joined it.
    expect(guideFormRows(saved, ['40', '41'], SPARE_ROWS)).toEqual([
      { size: '40', cm: ['25.5'] },
      { size: '41', cm: [] },
    ]);
    expect(guideFormRows(saved, null, 2)).toEqual([
      { size: '40', cm: ['25.5'] },
      { size: '47', cm: ['30'] },
      { size: '', cm: [] },
      { size: '', cm: [] },
    ]);
    const start = sizeGuideFormStart({ sizeSetId: null, category: 'Shoes', setName: null, setSizes: null }, null);
    expect(start).toMatchObject({ title: 'Shoes (category)', fixedSizes: false });
    expect(start.values.rows.length).toBeGreaterThan(0);
  });
});

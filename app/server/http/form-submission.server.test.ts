/** The shared form parsing: hostile field names and Conform's own fields never make a 500 or a huge answer. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseSubmission } from './form-submission.server';

const schema = z.object({ name: z.string().trim().min(1), rows: z.array(z.object({ title: z.string() })).max(5) });

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe('parseSubmission', () => {
  it('parses a list as Conform does', () => {
    const submission = parseSubmission(
      form([
        ['name', ' Ada '],
        ['rows[0].title', 'One'],
        ['rows[1].title', 'Two'],
      ]),
      schema,
    );
    expect(submission.status).toBe('success');
    expect(submission.status === 'success' && submission.value).toEqual({
      name: 'Ada',
      rows: [{ title: 'One' }, { title: 'Two' }],
    });
  });

  it('drops a field with a huge list index instead of building an array that long', () => {
    const started = Date.now();
    const submission = parseSubmission(
      form([
        ['name', 'Ada'],
        ['rows[99999999].title', 'x'],
      ]),
      schema,
    );
    const reply = JSON.stringify(submission.reply());
    expect(Date.now() - started).toBeLessThan(500);
    expect(reply.length).toBeLessThan(1_000);
    expect(submission.status).toBe('success');
  });

  it('treats a forged __intent__ or __state__ that is not JSON as absent', () => {
    for (const field of ['__intent__', '__state__']) {
      const submission = parseSubmission(
        form([
          ['name', 'Ada'],
          [field, '{not json'],
        ]),
        schema,
      );
      expect(submission.status, field).toBe('success');
    }
  });
});

import { describe, expect, it } from 'vitest';
import { isHttpsUrl, latestShipment, orderTimeline, timelineLabel, type StatusEvent } from './order-timeline';

const event = (kind: StatusEvent['kind'], at: string, shipment: Partial<StatusEvent> = {}): StatusEvent => ({
  kind,
  at,
  carrier: null,
  trackingNumber: null,
  trackingUrl: null,
  ...shipment,
});

describe('orderTimeline', () => {
  it('derives placed, awaiting and paid from the order and merges the status events in by time', () => {
    const timeline = orderTimeline(
      {
        createdAt: '2026-11-20T09:00:00.000Z',
        awaitingSince: '2026-11-20T09:05:00.000Z',
        paidAt: '2026-11-20T11:00:00.000Z',
      },
      [
        event('processing', '2026-11-20T10:00:00.000Z'),
        event('shipped', '2026-11-21T10:00:00.000Z', { carrier: 'GIG' }),
      ],
    );
    expect(timeline.map((entry) => entry.kind)).toEqual(['placed', 'awaiting', 'processing', 'paid', 'shipped']);
    expect(timeline[4]).toMatchObject({ carrier: 'GIG' });
  });

  it('an order with neither awaiting nor paid time is placed only; ties: placed first, then as written', () => {
    const at = '2026-11-20T09:00:00.000Z';
    expect(orderTimeline({ createdAt: at, awaitingSince: null, paidAt: null }, []).map((e) => e.kind)).toEqual([
      'placed',
    ]);
    const tied = orderTimeline({ createdAt: at, awaitingSince: null, paidAt: at }, [
      event('cancelled', at),
      event('processing', at),
    ]);
    expect(tied.map((entry) => entry.kind)).toEqual(['placed', 'paid', 'cancelled', 'processing']);
  });

  it('the shipment followed is the latest shipped step', () => {
    const timeline = orderTimeline({ createdAt: '2026-11-20T09:00:00.000Z', awaitingSince: null, paidAt: null }, [
      event('shipped', '2026-11-21T09:00:00.000Z', { trackingNumber: 'OLD' }),
      event('processing', '2026-11-21T10:00:00.000Z'),
      event('shipped', '2026-11-21T11:00:00.000Z', { trackingNumber: 'NEW' }),
    ]);
    expect(latestShipment(timeline)?.trackingNumber).toBe('NEW');
    expect(latestShipment(timeline.slice(0, 1))).toBeNull();
    expect(timelineLabel('awaiting')).toBe('Payment on its way (awaiting confirmation)');
  });
});

describe('isHttpsUrl', () => {
  it('accepts https addresses only', () => {
    expect(isHttpsUrl('https://gig.example/track?n=1')).toBe(true);
    for (const value of ['http://gig.example', 'javascript:alert(1)', 'JAVASCRIPT:alert(1)', '//gig.example', 'gig']) {
      expect(isHttpsUrl(value)).toBe(false);
    }
  });
});

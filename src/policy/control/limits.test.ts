import { describe, expect, it } from 'vitest';
import { ConcurrencyCap } from './concurrency-cap.js';
import { idempotencyKey } from './idempotency-key.js';
import { LoopDetector } from './loop-detector.js';
import { RateLimiter } from './rate-limiter.js';

describe('RateLimiter', () => {
  it('allows a burst, refuses the next call with a retry delay, refills over time', () => {
    let now = 0;
    const limiter = new RateLimiter({ burst: 2, perSecond: 1 }, () => now);
    expect(limiter.take('acme', 'track_shipment')).toEqual({ allowed: true });
    expect(limiter.take('acme', 'track_shipment')).toEqual({ allowed: true });
    expect(limiter.take('acme', 'track_shipment')).toEqual({ allowed: false, retryAfterMs: 1000 });
    now = 1000;
    expect(limiter.take('acme', 'track_shipment')).toEqual({ allowed: true });
  });

  it('keeps separate buckets per tenant and per tool', () => {
    const limiter = new RateLimiter({ burst: 1, perSecond: 0.1 }, () => 0);
    expect(limiter.take('acme', 'track_shipment').allowed).toBe(true);
    expect(limiter.take('acme', 'track_shipment').allowed).toBe(false);
    expect(limiter.take('globex', 'track_shipment').allowed).toBe(true);
    expect(limiter.take('acme', 'check_stock').allowed).toBe(true);
  });
});

describe('ConcurrencyCap', () => {
  it('refuses a call over the cap while others are in flight, per tenant and tool', async () => {
    const cap = new ConcurrencyCap(1);
    let release: () => void = () => undefined;
    const first = cap.run('acme', 'calc_delivery', () => new Promise<string>((resolve) => (release = () => resolve('first'))));
    expect(await cap.run('acme', 'calc_delivery', async () => 'second')).toEqual({ ok: false, detail: 'calc_delivery already has 1 calls in flight for acme' });
    expect(await cap.run('globex', 'calc_delivery', async () => 'other tenant')).toEqual({ ok: true, value: 'other tenant' });
    release();
    expect(await first).toEqual({ ok: true, value: 'first' });
    expect(await cap.run('acme', 'calc_delivery', async () => 'after')).toEqual({ ok: true, value: 'after' });
  });
});

describe('LoopDetector', () => {
  it('flags the third identical call, whatever the key order', () => {
    const loops = new LoopDetector(3);
    expect(loops.record('track_shipment', { tracking_id: 'TTN-000001' })).toBeUndefined();
    expect(loops.record('track_shipment', { tracking_id: 'TTN-000002' })).toBeUndefined();
    expect(loops.record('track_shipment', { tracking_id: 'TTN-000001' })).toBeUndefined();
    expect(loops.record('calc_delivery', { tracking_id: 'TTN-000001' })).toBeUndefined();
    expect(loops.record('track_shipment', { tracking_id: 'TTN-000001' })).toBe('loop_detected');
  });

  it('treats reordered keys as the same call', () => {
    const loops = new LoopDetector(2);
    loops.record('calc_delivery', { origin: 'Київ', destination: 'Львів' });
    expect(loops.record('calc_delivery', { destination: 'Львів', origin: 'Київ' })).toBe('loop_detected');
  });

  it('forgets a call it is told to (a retried sub-task repeating its first attempt), and only that one', () => {
    const loops = new LoopDetector(2);
    loops.record('track_shipment', { tracking_id: 'TTN-000001' });
    loops.forget('track_shipment', { tracking_id: 'TTN-000001' });
    expect(loops.record('track_shipment', { tracking_id: 'TTN-000001' })).toBeUndefined();
    expect(loops.record('track_shipment', { tracking_id: 'TTN-000001' })).toBe('loop_detected');
  });
});

describe('idempotencyKey', () => {
  it('is stable for a thread, tool and arguments, and valid for the MCP server', () => {
    const key = idempotencyKey('thread 42/ä', 'cancel_shipment', { tracking_id: 'TTN-000004', refund_uah: 720 });
    expect(key).toBe(idempotencyKey('thread 42/ä', 'cancel_shipment', { refund_uah: 720, tracking_id: 'TTN-000004' }));
    expect(key).toMatch(/^[A-Za-z0-9._:-]{1,128}$/);
    expect(key).not.toBe(idempotencyKey('thread 43', 'cancel_shipment', { tracking_id: 'TTN-000004', refund_uah: 720 }));
  });
});

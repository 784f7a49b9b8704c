import { CircuitState } from 'cockatiel';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToolResilience } from './tool-resilience.js';

afterEach(() => {
  vi.useRealTimers();
});

const failing = () => Promise.reject(new Error('connection reset'));

describe('ToolResilience', () => {
  it('passes a result through', async () => {
    const resilience = new ToolResilience({ retries: 0 });
    expect(await resilience.execute('track_shipment', async () => 42)).toEqual({ ok: true, value: 42 });
  });

  it('retries a failing call and then names the tool in tool_error_exhausted', async () => {
    const resilience = new ToolResilience({ retries: 2, retryDelayMs: 1 });
    let calls = 0;
    const outcome = await resilience.execute('check_stock', () => {
      calls += 1;
      return failing();
    });
    expect(calls).toBe(3);
    expect(outcome).toEqual({ ok: false, stopReason: 'tool_error_exhausted:check_stock', detail: 'connection reset' });
  });

  it('recovers when a retry succeeds', async () => {
    const resilience = new ToolResilience({ retries: 2, retryDelayMs: 1 });
    let calls = 0;
    const outcome = await resilience.execute('check_stock', async () => {
      calls += 1;
      if (calls === 1) throw new Error('blip');
      return 'ok';
    });
    expect(outcome).toEqual({ ok: true, value: 'ok' });
  });

  it('times a slow call out with tool_timeout and aborts it', async () => {
    const resilience = new ToolResilience({ retries: 0, timeoutMs: 20 });
    let aborted = false;
    const outcome = await resilience.execute('calc_delivery', (signal) => new Promise<never>((_resolve, reject) => {
      signal.addEventListener('abort', () => {
        aborted = true;
        reject(new Error('aborted'));
      });
    }));
    expect(outcome).toMatchObject({ ok: false, stopReason: 'tool_timeout:calc_delivery' });
    expect(aborted).toBe(true);
  });

  it('reuses a key’s policies: a call that returned is left alone, the next slow call on the key still times out', async () => {
    const resilience = new ToolResilience({ retries: 0, timeoutMs: 20 });
    let first: AbortSignal | undefined;
    expect(await resilience.execute('calc_delivery', async (signal) => {
      first = signal;
      return 'priced';
    })).toEqual({ ok: true, value: 'priced' });
    let second: AbortSignal | undefined;
    const outcome = await resilience.execute('calc_delivery', (signal) => {
      second = signal;
      return new Promise<never>((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
    });
    expect(outcome).toMatchObject({ ok: false, stopReason: 'tool_timeout:calc_delivery' });
    expect(first?.aborted).toBe(false);
    expect(second?.aborted).toBe(true);
    expect(second).not.toBe(first);
  });

  it('opens after N failures in the window, fails fast without calling the tool, half-opens after the cool-down', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-30T12:00:00Z'));
    const resilience = new ToolResilience({ retries: 0, failureThreshold: 3, windowMs: 60_000, halfOpenAfterMs: 30_000 });
    for (let i = 0; i < 3; i += 1) {
      expect(await resilience.execute('track_shipment', failing)).toMatchObject({ stopReason: 'tool_error_exhausted:track_shipment' });
    }
    expect(resilience.breaker('track_shipment').state).toBe(CircuitState.Open);

    let calls = 0;
    const probe = async () => {
      calls += 1;
      return 'fine';
    };
    expect(await resilience.execute('track_shipment', probe)).toEqual({ ok: false, stopReason: 'tool_unhealthy:track_shipment', detail: 'track_shipment breaker is open' });
    expect(calls).toBe(0);
    // Other tools have their own breakers.
    expect(await resilience.execute('check_stock', probe)).toEqual({ ok: true, value: 'fine' });

    vi.setSystemTime(new Date('2026-11-30T12:00:31Z'));
    expect(await resilience.execute('track_shipment', probe)).toEqual({ ok: true, value: 'fine' });
    expect(resilience.breaker('track_shipment').state).toBe(CircuitState.Closed);
  });

  it('reopens at once when the half-open trial fails', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-30T12:00:00Z'));
    const resilience = new ToolResilience({ retries: 0, failureThreshold: 2, halfOpenAfterMs: 1000 });
    await resilience.execute('calc_delivery', failing);
    await resilience.execute('calc_delivery', failing);
    vi.setSystemTime(new Date('2026-11-30T12:00:02Z'));
    expect(await resilience.execute('calc_delivery', failing)).toMatchObject({ stopReason: 'tool_error_exhausted:calc_delivery' });
    expect(resilience.breaker('calc_delivery').state).toBe(CircuitState.Open);
    expect(await resilience.execute('calc_delivery', async () => 1)).toMatchObject({ stopReason: 'tool_unhealthy:calc_delivery' });
  });

  it('forgets failures older than the window', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-30T12:00:00Z'));
    const resilience = new ToolResilience({ retries: 0, failureThreshold: 2, windowMs: 10_000 });
    await resilience.execute('check_stock', failing);
    vi.setSystemTime(new Date('2026-11-30T12:00:11Z'));
    await resilience.execute('check_stock', failing);
    expect(resilience.breaker('check_stock').state).toBe(CircuitState.Closed);
  });

  it('keeps a breaker per agent when keyed by agent', async () => {
    const resilience = new ToolResilience({ retries: 0, failureThreshold: 1 });
    await resilience.execute('track_shipment', failing, 'agent:tracking_agent');
    expect(await resilience.execute('cancel_shipment', async () => 1, 'agent:tracking_agent')).toMatchObject({ stopReason: 'tool_unhealthy:cancel_shipment' });
    expect(await resilience.execute('track_shipment', async () => 1)).toEqual({ ok: true, value: 1 });
  });
});

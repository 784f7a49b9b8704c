import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { storeBackends, type TestDatabase } from '../../testing/store-backends.js';
import type { DailyBudgetStore } from './daily-budget-store.js';
import { openDailyBudgetStore } from './open-daily-budget-store.js';

const DAY = '2026-12-03';
const HOUR = 3_600_000;

describe.each(storeBackends())('the daily budget store on $name', (backend) => {
  let db: TestDatabase | undefined;
  const stores: DailyBudgetStore[] = [];
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((s) => s.close()));
    await db?.cleanup();
    db = undefined;
  });
  const open = async (now?: () => Date) => {
    db ??= await backend.fresh();
    const store = await openDailyBudgetStore(db.location, now);
    stores.push(store);
    return store;
  };

  it('runs the first call of a day alone, then admits concurrent calls that fit at the largest call so far', async () => {
    const store = await open();
    const limits = { maxTokensPerDay: 1000 };
    const first = await store.hold({ tenant: 'acme', day: DAY, runId: 'r1', limits, ttlMs: HOUR });
    expect(first.admission).toEqual({ kind: 'admit' });
    expect((await store.hold({ tenant: 'acme', day: DAY, runId: 'r2', limits, ttlMs: HOUR })).admission).toEqual({ kind: 'wait' });
    // Another tenant, another day: not held up.
    expect((await store.hold({ tenant: 'globex', day: DAY, runId: 'r3', limits, ttlMs: HOUR })).admission).toEqual({ kind: 'admit' });
    expect(await store.charge(first.hold?.id ?? '', { tokens: 300, usd: 0.01 })).toBe(true);
    expect(await store.charge(first.hold?.id ?? '', { tokens: 300, usd: 0.01 })).toBe(false);
    const a = await store.hold({ tenant: 'acme', day: DAY, runId: 'r1', limits, ttlMs: HOUR });
    const b = await store.hold({ tenant: 'acme', day: DAY, runId: 'r2', limits, ttlMs: HOUR });
    expect([a.admission.kind, b.admission.kind, a.hold?.tokens]).toEqual(['admit', 'admit', 300]);
    // What the calls in flight hold, beside what was charged: what the next admission counts.
    expect(await store.held('acme', DAY)).toEqual({ tokens: 600, usd: 0.02, calls: 2 });
    expect(await store.held('globex', DAY)).toEqual({ tokens: 0, usd: 0, calls: 1 });
    expect((await store.hold({ tenant: 'acme', day: DAY, runId: 'r3', limits, ttlMs: HOUR })).admission).toEqual({ kind: 'wait' });
    await store.endRun({ runId: 'r1', tenant: 'acme', day: DAY, uncharged: { tokens: 0, usd: 0 } });
    await store.charge(b.hold?.id ?? '', { tokens: 700, usd: 0.02 });
    expect(await store.spend('acme', DAY)).toEqual({ tokens: 1000, usd: 0.03, calls: 2 });
    expect((await store.hold({ tenant: 'acme', day: DAY, runId: 'r4', limits, ttlMs: HOUR })).admission).toEqual({ kind: 'stop', reason: 'max_tokens' });
  });

  it('lets a hold of a dead process lapse, and charges a run without limits once at its end', async () => {
    let now = new Date(`${DAY}T10:00:00Z`);
    const store = await open(() => now);
    const limits = { maxUsdPerDay: 1 };
    expect((await store.hold({ tenant: 'acme', day: DAY, runId: 'dead', limits, ttlMs: 60_000 })).admission.kind).toBe('admit');
    expect((await store.hold({ tenant: 'acme', day: DAY, runId: 'r2', limits, ttlMs: 60_000 })).admission.kind).toBe('wait');
    now = new Date(now.getTime() + 61_000);
    // A lapsed hold no longer holds anything.
    expect((await store.held('acme', DAY)).calls).toBe(0);
    expect((await store.hold({ tenant: 'acme', day: DAY, runId: 'r2', limits, ttlMs: 60_000 })).admission.kind).toBe('admit');
    await store.endRun({ runId: 'free', tenant: 'globex', day: DAY, uncharged: { tokens: 1234, usd: 0.5 } });
    expect(await store.spend('globex', DAY)).toEqual({ tokens: 1234, usd: 0.5, calls: 0 });
  });

  it('keeps 12 concurrent runs on 3 connections within one call of the daily limit', async () => {
    const connections = [await open(), await open(), await open()];
    const limit = 2000;
    const limits = { maxTokensPerDay: limit };
    let largest = 0;
    const run = async (index: number): Promise<string> => {
      const store = connections[index % connections.length] as DailyBudgetStore;
      for (;;) {
        const { admission, hold } = await store.hold({ tenant: 'acme', day: DAY, runId: `run-${index}`, limits, ttlMs: HOUR });
        if (admission.kind === 'stop') return admission.reason;
        if (admission.kind === 'wait') {
          await sleep(2);
          continue;
        }
        // A model call of 90 to 130 tokens, answered after a moment.
        const tokens = 90 + ((index * 7) % 41);
        largest = Math.max(largest, tokens);
        await sleep(1 + (index % 3));
        await store.charge(hold?.id ?? '', { tokens, usd: 0 });
      }
    };
    const reasons = await Promise.all(Array.from({ length: 12 }, (_, i) => run(i)));
    expect(new Set(reasons)).toEqual(new Set(['max_tokens']));
    const spent = (await connections[0]?.spend('acme', DAY))?.tokens ?? 0;
    expect(spent).toBeGreaterThanOrEqual(limit);
    expect(spent).toBeLessThanOrEqual(limit + largest);
  });
});

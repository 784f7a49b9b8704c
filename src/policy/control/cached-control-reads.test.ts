import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cachedControlReads } from './cached-control-reads.js';
import type { ControlStore } from './control-store.js';
import { SqliteControlStore } from './sqlite-control-store.js';

const dirs: string[] = [];
const stores: ControlStore[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function openTwo(): [SqliteControlStore, SqliteControlStore] {
  const dir = mkdtempSync(join(tmpdir(), 'waybill-cached-controls-'));
  dirs.push(dir);
  const path = join(dir, 'w.db');
  const a = SqliteControlStore.open(path);
  const b = SqliteControlStore.open(path);
  stores.push(a, b);
  return [a, b];
}

/** Counts the reads that reach the store. */
function counting(store: SqliteControlStore) {
  const reads = { snapshot: 0, limits: 0, usage: 0 };
  const counted: ControlStore = {
    snapshot: (t) => ((reads.snapshot += 1), store.snapshot(t)),
    dailyLimits: (t) => ((reads.limits += 1), store.dailyLimits(t)),
    usage: (t, d) => ((reads.usage += 1), store.usage(t, d)),
    setSwitch: (...a) => store.setSwitch(...a),
    addUsage: (...a) => store.addUsage(...a),
    setDailyLimits: (...a) => store.setDailyLimits(...a),
    revision: () => store.revision(),
    close: async () => undefined,
  };
  return { reads, counted };
}

describe('cachedControlReads', () => {
  it('reads switches once while nothing changes', async () => {
    const [a] = openTwo();
    const { reads, counted } = counting(a);
    const run = cachedControlReads(counted);
    for (let i = 0; i < 5; i += 1) {
      await run.snapshot('t1');
      await run.dailyLimits('t1');
      await run.usage('t1', '2026-12-01');
    }
    expect(reads).toEqual({ snapshot: 1, limits: 1, usage: 1 });
  });

  it('sees a kill switch set by another connection (another process) on the next read', async () => {
    const [a, b] = openTwo();
    const run = cachedControlReads(a);
    expect((await run.snapshot('t1')).killed).toBe(false);
    await b.setSwitch({ kind: 'kill', scope: 'global' }, true, { by: 'op' });
    expect((await run.snapshot('t1')).killed).toBe(true);
  });

  it('sees a switch and usage written through the same connection', async () => {
    const [a] = openTwo();
    const run = cachedControlReads(a);
    expect((await run.snapshot('t1')).disabledTools.has('get_stock')).toBe(false);
    await a.setSwitch({ kind: 'tool_disabled', scope: 't1', tool: 'get_stock' }, true, { by: 'op' });
    expect((await run.snapshot('t1')).disabledTools.has('get_stock')).toBe(true);
    await a.addUsage('t1', '2026-12-01', { tokens: 10 });
    await run.snapshot('t1');
    expect((await run.usage('t1', '2026-12-01')).tokens).toBe(10);
  });

  it('leaves a store without revision() as it is', () => {
    const [a] = openTwo();
    const withoutRevision: ControlStore = { ...counting(a).counted, revision: undefined };
    expect(cachedControlReads(withoutRevision)).toBe(withoutRevision);
  });
});

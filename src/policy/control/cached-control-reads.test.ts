import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import Database from 'better-sqlite3';
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

const paths = new WeakMap<SqliteControlStore, string>();
const pathOf = (store: SqliteControlStore): string => paths.get(store) ?? '';

function openTwo(): [SqliteControlStore, SqliteControlStore] {
  const dir = mkdtempSync(join(tmpdir(), 'waybill-cached-controls-'));
  dirs.push(dir);
  const path = join(dir, 'w.db');
  const a = SqliteControlStore.open(path);
  const b = SqliteControlStore.open(path);
  stores.push(a, b);
  paths.set(a, path).set(b, path);
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

  it('reads nothing again when the run writes other tables of the same file on its other connections', async () => {
    const [a] = openTwo();
    const { reads, counted } = counting(a);
    const run = cachedControlReads(counted);
    const other = new Database(pathOf(a));
    try {
      other.exec('CREATE TABLE run_rows (id INTEGER PRIMARY KEY)');
      for (let i = 0; i < 5; i += 1) {
        await run.snapshot('t1');
        await run.dailyLimits('t1');
        other.prepare('INSERT INTO run_rows (id) VALUES (?)').run(i);
      }
    } finally {
      other.close();
    }
    expect(reads).toEqual({ snapshot: 1, limits: 1, usage: 0 });
  });

  it('re-reads only the kind that changed: usage added by another connection leaves switches cached', async () => {
    const [a, b] = openTwo();
    const { reads, counted } = counting(a);
    const run = cachedControlReads(counted);
    await run.snapshot('t1');
    expect((await run.usage('t1', '2026-12-01')).tokens).toBe(0);
    await b.addUsage('t1', '2026-12-01', { tokens: 7 });
    await run.snapshot('t1');
    expect((await run.usage('t1', '2026-12-01')).tokens).toBe(7);
    expect(reads).toEqual({ snapshot: 1, limits: 0, usage: 2 });
  });

  it('sees a kill switch another process set with plain SQL on the next read', async () => {
    const [a] = openTwo();
    const run = cachedControlReads(a);
    expect((await run.snapshot('t1')).killed).toBe(false);
    const script = `const Database = require('better-sqlite3'); const db = new Database(process.argv[1]);
      db.prepare("INSERT INTO control_switches (scope, name, on_since, changed_by) VALUES ('global', 'kill', '2026-12-03T00:00:00Z', 'ops')").run(); db.close();`;
    const child = spawnSync(process.execPath, ['-e', script, pathOf(a)], { encoding: 'utf8' });
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
    expect((await run.snapshot('t1')).killed).toBe(true);
  });

  it('does not keep a read that started before a change and ended after it', async () => {
    const [a, b] = openTwo();
    let release: () => void = () => undefined;
    let calls = 0;
    const firstReadSlow: ControlStore = {
      ...counting(a).counted,
      snapshot: async (t) => {
        const read = await a.snapshot(t);
        calls += 1;
        if (calls === 1) await new Promise<void>((resolve) => (release = resolve));
        return read;
      },
    };
    const run = cachedControlReads(firstReadSlow);
    const slow = run.snapshot('t1');
    await new Promise((resolve) => setImmediate(resolve));
    await b.setSwitch({ kind: 'kill', scope: 'global' }, true, { by: 'op' });
    // Another run of the process steps while the first read is still out: it sees the switch.
    expect((await run.snapshot('t1')).killed).toBe(true);
    release();
    expect((await slow).killed).toBe(false);
    expect((await run.snapshot('t1')).killed).toBe(true);
  });
});

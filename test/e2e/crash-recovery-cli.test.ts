import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCrashDrill } from '../../bench/lib/crash-drill.mjs';
import { makeTempDir } from '../../src/testing/temp-dir.js';
import { CLI, serverEnv } from './helpers.js';

// Issue 17's crash test, bounded: 6 cancellations whose ask and decision are each killed with SIGKILL
// at a random (seeded) moment with probability 0.7, and `serve` killed twice while it recovers; then
// `waybill resume --all`, every pause decided, and the invariants checked from the database and the
// service. bench/crash-drill.mjs runs the same drill longer, over several seeds.

const temp = makeTempDir();
afterAll(() => temp.cleanup());

describe('crash consistency under SIGKILL', () => {
  it('loses nothing, strands nothing and doubles nothing when ask, approve, reject and serve are killed at random moments', async () => {
    const env = serverEnv(join(temp.dir, 'crash.db'), { WAYBILL_RUN_LEASE_MS: '1000' });
    const { counts, problems } = await runCrashDrill({ cli: CLI, env, threads: 6, seed: 17, killChance: 0.7, serveKills: 2 });
    process.stdout.write(`crash drill: ${JSON.stringify(counts)}\n`);
    expect(problems).toEqual([]);
    expect(counts.kills).toBeGreaterThanOrEqual(4);
    expect(counts).toMatchObject({ lost: 0, doubled: 0, stuck: 0, awaiting: 0 });
    // The seed kills some runs where only recovery can finish them, and leaves decisions that ran.
    expect(counts.recovered).toBeGreaterThanOrEqual(1);
    expect(counts.approved).toBeGreaterThanOrEqual(1);
    expect(counts.cancelled).toBe(counts.approved);
  }, 600_000);
});

import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runEffectDrill } from '../../bench/lib/effect-drill.mjs';
import { createQueueTestSchema } from '../../src/queue/queue-test-schema.js';
import { testPostgresUrl } from '../../src/testing/postgres-test-schema.js';
import { makeTempDir } from '../../src/testing/temp-dir.js';
import { CLI, serverEnv } from './helpers.js';

// Issue 32's crash drill, bounded (bench/effect-drill.mjs runs it long): `approve` killed with SIGKILL
// just after the cancellation commits and two `resume --all` killed as they take the lease (the case
// that was recorded "interrupted" while the refund was paid), another `approve` killed as its decision
// is claimed; on PostgreSQL also a cancellation through `serve --queue` whose worker is killed as the
// effect commits. Every run record must agree with the domain (reconcileRun); nothing lost, doubled, stuck.

const temp = makeTempDir();
afterAll(() => temp.cleanup());
const pgUrl = testPostgresUrl();

describe('the effect crash drill', () => {
  it('on SQLite: records agree with the domain after kills just after the effect and at the lease', async () => {
    const env = serverEnv(join(temp.dir, 'effect.db'), { WAYBILL_RUN_LEASE_MS: '1000', WAYBILL_LOG_LEVEL: 'error' });
    const { counts, problems } = await runEffectDrill({ cli: CLI, env, threads: 2, serveKills: 0, seed: 32 });
    process.stdout.write(`effect drill (sqlite): ${JSON.stringify(counts)}\n`);
    expect(problems).toEqual([]);
    // Thread 0 is always killed after its effect, then twice as a recoverer takes the lease.
    expect(counts.after_effect).toBeGreaterThanOrEqual(1);
    expect(counts.recoverers).toBeGreaterThanOrEqual(2);
    expect(counts).toMatchObject({ lost: 0, doubled: 0, stuck: 0 });
    expect(counts.records).toBeGreaterThanOrEqual(4);
    expect(counts.agreeing).toBe(counts.records);
    expect(counts.cancelled).toBeGreaterThanOrEqual(1);
  }, 600_000);

  it.runIf(pgUrl)('on PostgreSQL with the queue: a worker killed as the effect commits loses and doubles nothing', async () => {
    const schema = await createQueueTestSchema(pgUrl ?? '');
    try {
      const env = serverEnv(schema.url, { WAYBILL_RUN_LEASE_MS: '1000', WAYBILL_LOG_LEVEL: 'error' });
      const { counts, problems } = await runEffectDrill({ cli: CLI, env, threads: 1, queueThreads: 1, workers: 1, serveKills: 0, seed: 32 });
      process.stdout.write(`effect drill (postgres): ${JSON.stringify(counts)}\n`);
      expect(problems).toEqual([]);
      expect(counts.kills).toBeGreaterThanOrEqual(3);
      expect(counts).toMatchObject({ lost: 0, doubled: 0, stuck: 0 });
      expect(counts.agreeing).toBe(counts.records);
    } finally {
      await schema.drop();
    }
  }, 600_000);
});

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../mcp/stderr-logger.js';
import type { Runtime } from '../runtimes/index.js';
import { openRuntime } from '../runtimes/index.js';
import { openProtocolStore } from '../server/agent-protocol/index.js';
import type { ProtocolStore } from '../server/agent-protocol/protocol-store.js';
import type { TestSchema } from '../testing/postgres-test-schema.js';
import { testPostgresUrl } from '../testing/postgres-test-schema.js';
import { openJobQueue, type JobQueue } from './job-queue.js';
import { queueSettingsFromEnv } from './queue-settings.js';
import { createQueueTestSchema } from './queue-test-schema.js';
import { openTenantSlots, type TenantSlots } from './tenant-slots.js';

const baseUrl = testPostgresUrl();
const POOL_SIZE = 4;

// Issue 36: every store had a pool of its own (4 connections each), so a worker held about 28 and four
// workers beside other clients passed the server's 100. Now a process has one pool per URL: what a
// worker opens (two runtimes on one database, as a runtime pool with a tenant endpoint does, the
// queue, the tenant slots, the Agent Protocol store) stays within WAYBILL_PG_POOL_SIZE connections,
// counted by the server (pg_stat_activity, this test's application_name), with runs in flight.
describe.runIf(baseUrl)('connections of a worker process (PostgreSQL)', { timeout: 120_000 }, () => {
  const appName = `wb_conn_${randomBytes(5).toString('hex')}`;
  let schema: TestSchema | undefined;
  let url = '';
  let admin: pg.Client | undefined;
  let runtimes: Runtime[] = [];
  let queue: JobQueue | undefined;
  let slots: TenantSlots | undefined;
  let protocol: ProtocolStore | undefined;
  const sizeBefore = process.env.WAYBILL_PG_POOL_SIZE;

  const connections = async (): Promise<number> =>
    (await (admin as pg.Client).query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1', [appName])).rows[0]?.n ?? 0;

  /** The most connections the server showed while `work` ran (sampled every 20 ms). */
  async function peakDuring(work: () => Promise<unknown>): Promise<number> {
    let peak = await connections();
    let done = false;
    const sampling = (async () => {
      while (!done) {
        peak = Math.max(peak, await connections());
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    try {
      await work();
    } finally {
      done = true;
      await sampling;
    }
    return Math.max(peak, await connections());
  }

  beforeAll(async () => {
    process.env.WAYBILL_PG_POOL_SIZE = String(POOL_SIZE);
    schema = await createQueueTestSchema(baseUrl ?? '');
    url = `${schema.url}&application_name=${appName}`;
    admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
  }, 60_000);
  afterAll(async () => {
    if (sizeBefore === undefined) delete process.env.WAYBILL_PG_POOL_SIZE;
    else process.env.WAYBILL_PG_POOL_SIZE = sizeBefore;
    await Promise.allSettled([...runtimes.map((r) => r.close()), queue?.close(), slots?.close(), protocol?.close()]);
    await admin?.end();
    await schema?.drop();
  });

  it('opens two runtimes, the queue, the tenant slots and the protocol store within the pool size, runs in flight included', async () => {
    const opened = await peakDuring(async () => {
      runtimes = [await openRuntime('langgraph', { dbPath: url, offline: true }), await openRuntime('langgraph', { dbPath: url, offline: true })];
      const settings = queueSettingsFromEnv(url, {});
      queue = await openJobQueue(url, { settings, supervise: true, logger: silentLogger });
      slots = await openTenantSlots(url, { schema: settings.schema, limit: 4, leaseSeconds: settings.leaseSeconds });
      protocol = await openProtocolStore(url);
    });
    // Opening a checkpointer or the queue takes one more connection for a lock, for a moment.
    expect(opened).toBeLessThanOrEqual(POOL_SIZE + 1);
    const running = await peakDuring(async () => {
      const records = await Promise.all(
        runtimes.flatMap((runtime, r) => Array.from({ length: 5 }, (_, i) => runtime.ask({ input: i % 2 ? 'Де зараз посилка TTN-000001?' : 'Скільки коштує доставка 2 кг з Києва до Львова?', threadId: `conn-${r}-${i}`, tenant: 'default' }))),
      );
      expect(records.map((record) => record.status)).toEqual(Array(10).fill('finished'));
      await queue?.stats();
    });
    expect(running).toBeGreaterThan(0);
    expect(running).toBeLessThanOrEqual(POOL_SIZE);
  });

  it('closing one runtime leaves the other its connections; closing everything leaves none', async () => {
    const [first, second] = runtimes;
    await first?.close();
    runtimes = runtimes.slice(1);
    expect((await second?.ask({ input: 'Де зараз посилка TTN-000002?', threadId: 'conn-after-close', tenant: 'default' }))?.status).toBe('finished');
    await Promise.all([second?.close(), queue?.close(), slots?.close(), protocol?.close()]);
    runtimes = [];
    queue = undefined;
    slots = undefined;
    protocol = undefined;
    const until = Date.now() + 5_000;
    while ((await connections()) > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await connections()).toBe(0);
  });
});

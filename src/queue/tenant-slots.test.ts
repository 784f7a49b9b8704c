import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestSchema } from '../testing/postgres-test-schema.js';
import { testPostgresUrl } from '../testing/postgres-test-schema.js';
import { createQueueTestSchema } from './queue-test-schema.js';
import { openTenantSlots, type TenantSlots } from './tenant-slots.js';

const baseUrl = testPostgresUrl();

describe('openTenantSlots', () => {
  it('refuses a limit below one', async () => {
    await expect(openTenantSlots('postgres://u@127.0.0.1:1/none', { schema: 's', limit: 0, leaseSeconds: 5 })).rejects.toThrow('at least 1');
  });
});

describe.runIf(baseUrl)('tenant slots on PostgreSQL', { timeout: 30_000 }, () => {
  let schema: TestSchema | undefined;
  const opened: TenantSlots[] = [];
  afterEach(async () => {
    for (const slots of opened.splice(0)) await slots.close();
    await schema?.drop();
    schema = undefined;
  });

  async function open(limit: number, leaseSeconds = 30): Promise<TenantSlots[]> {
    schema ??= await createQueueTestSchema(baseUrl ?? '');
    const { url, schema: name } = schema;
    // Two workers: the limit holds across processes because it is counted in the database.
    const pair = await Promise.all([1, 2].map(() => openTenantSlots(url, { schema: name, limit, leaseSeconds })));
    opened.push(...pair);
    return pair;
  }

  it('gives a tenant at most its limit across workers, and frees a slot on release', async () => {
    const [a, b] = await open(2);
    if (!a || !b) throw new Error('not opened');
    const taken = await Promise.all(['j1', 'j2', 'j3', 'j4'].map((job, i) => (i % 2 ? a : b).acquire('acme', job)));
    expect(taken.filter(Boolean)).toHaveLength(2);
    expect(await a.acquire('other', 'j5')).toBe(true);
    const holder = ['j1', 'j2', 'j3', 'j4'][taken.indexOf(true)] ?? '';
    await b.release(holder);
    expect(await a.acquire('acme', 'j6')).toBe(true);
    expect(await a.acquire('acme', 'j7')).toBe(false);
  });

  it('lets the slot of a worker that stopped renewing lapse', async () => {
    const [a, b] = await open(1, 1);
    if (!a || !b) throw new Error('not opened');
    expect(await a.acquire('acme', 'dead-worker-job')).toBe(true);
    expect(await b.acquire('acme', 'j2')).toBe(false);
    await sleep(1500);
    expect(await b.acquire('acme', 'j2')).toBe(true);
  });
});

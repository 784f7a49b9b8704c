import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { serve } from '@hono/node-server';
import { afterEach, expect, it } from 'vitest';
import { createOracleApp } from '../models/oracle/create-oracle-app.js';
import type { RunRecord } from '../telemetry/index.js';
import type { TestServer } from './server-test-kit.js';
import { openTestServer } from './server-test-kit.js';

// Issue 37: the admin view's `usage_today` reports the daily budget's own figures, charged call by
// call, so mid-run it says what the budget enforces rather than what finished runs add up to.

let server: TestServer | undefined;
let model: ReturnType<typeof serve> | undefined;
afterEach(async () => {
  await server?.close();
  await new Promise<void>((resolve) => (model ? model.close(() => resolve()) : resolve()));
  server = undefined;
  model = undefined;
});

/** The offline planner behind an endpoint that answers each call after `latencyMs`, so a run is caught between calls. */
async function slowEndpoint(latencyMs: number) {
  const app = createOracleApp({ latencyMs });
  const baseUrl = await new Promise<string>((resolve) => {
    model = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => resolve(`http://127.0.0.1:${info.port}/v1`));
  });
  return { model: 'gpt-4.1-mini', baseUrl, apiKey: 'test' };
}

interface UsageToday {
  day: string;
  tokens: number;
  usd: number;
  calls: number;
  held: { tokens: number; usd: number; calls: number };
  runs_finished: number;
}

it('reports, mid-run, the tokens and cost the daily budget has charged and holds, not only finished runs', async () => {
  const s = (server = await openTestServer({ runtime: { endpoint: await slowEndpoint(400) } }));
  await s.call('PUT', '/v1/admin/budget', { key: s.keys.admin, body: { max_tokens_per_day: 1_000_000, max_usd_per_day: null } });
  const view = async () => ((await (await s.call('GET', '/v1/admin/switches', { key: s.keys.admin })).json()) as { usage_today: UsageToday }).usage_today;
  const budget = async (day: string) => ({ spent: await s.dailyBudget.spend('acme', day), held: await s.dailyBudget.held('acme', day) });

  const accepted = (await (await s.call('POST', '/v1/runs', { key: s.keys.operator, body: { input: 'Where is TTN-000002 and how much is 3 kg Kyiv to Lviv express?', wait: false } })).json()) as { run_id: string };
  const day = new Date().toISOString().slice(0, 10);
  // A call answered and charged, the next one in flight: the run is not finished.
  let compared = false;
  for (let tries = 0; tries < 200 && !compared; tries += 1) {
    const before = await budget(day);
    if (before.spent.calls >= 1 && before.held.calls >= 1) {
      const reported = await view();
      // Compared only when the budget did not move while the view was read (a call answered in between).
      if (JSON.stringify(await budget(day)) === JSON.stringify(before)) {
        expect(reported).toEqual({ day, tokens: before.spent.tokens, usd: before.spent.usd, calls: before.spent.calls, held: before.held, runs_finished: 0 });
        expect(reported.tokens).toBeGreaterThan(0);
        compared = true;
      }
    }
    if (!compared) await sleep(20);
  }
  expect(compared).toBe(true);

  await s.inFlight.idle();
  const record = (await (await s.call('GET', `/v1/runs/${accepted.run_id}`, { key: s.keys.viewer })).json()) as RunRecord;
  expect(record.status).toBe('finished');
  const after = await view();
  expect(after).toMatchObject({ tokens: record.usage.prompt_tokens + record.usage.completion_tokens, held: { calls: 0 }, runs_finished: 1 });
  expect(after.calls).toBeGreaterThan(1);
});

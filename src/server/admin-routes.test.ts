import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterEach, describe, expect, it } from 'vitest';
import { planNextMessage } from '../models/index.js';
import { createOracleApp } from '../models/oracle/create-oracle-app.js';
import type { RuntimeName } from '../runtimes/index.js';
import type { RunRecord } from '../telemetry/index.js';
import type { TestServer } from './server-test-kit.js';
import { openTestServer, SERVED_RUNTIMES } from './server-test-kit.js';

/** The offline planner behind a chat-completions endpoint that takes `latencyMs` per call and counts them, so a run is still in flight when a switch flips. */
async function startSlowModel(latencyMs: number) {
  let calls = 0;
  const app = createOracleApp({
    latencyMs,
    planner: (messages, tools, options) => {
      calls += 1;
      return planNextMessage(messages, tools, options);
    },
  });
  let server: ReturnType<typeof serve> | undefined;
  const baseUrl = await new Promise<string>((resolve) => {
    server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => resolve(`http://127.0.0.1:${info.port}/v1`));
  });
  return {
    endpoint: { model: 'gpt-4.1-mini', baseUrl, apiKey: 'test' },
    calls: () => calls,
    close: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  };
}

let server: TestServer | undefined;
let slowModel: Awaited<ReturnType<typeof startSlowModel>> | undefined;
afterEach(async () => {
  await server?.close();
  await slowModel?.close();
  server = undefined;
  slowModel = undefined;
});

const waitFor = async (condition: () => boolean, timeoutMs = 5000) => {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

// Switches are read by every run before each model step, whichever runtime serves it.
describe.each(SERVED_RUNTIMES)('admin switches on the %s runtime', (runtimeName: RuntimeName) => {
  it('stops a run in flight at its next step with operator_kill when the tenant kill switch flips', async () => {
    const model = (slowModel = await startSlowModel(300));
    const s = (server = await openTestServer({ runtimeName, runtime: { endpoint: model.endpoint } }));
    const accepted = (await (await s.call('POST', '/v1/runs', { key: s.keys.operator, body: { input: 'Де зараз посилка TTN-000001?', wait: false } })).json()) as { run_id: string };
    await waitFor(() => model.calls() >= 1);
    const flip = await s.call('PUT', '/v1/admin/kill', { key: s.keys.admin, body: { on: true, reason: 'incident 17' } });
    expect(await flip.json()).toEqual({ switch: 'kill', scope: 'acme', on: true });
    await s.inFlight.idle();
    const killedCalls = model.calls();
    const record = (await (await s.call('GET', `/v1/runs/${accepted.run_id}`, { key: s.keys.viewer })).json()) as RunRecord;
    expect(record).toMatchObject({ runtime: runtimeName, status: 'stopped', stop_reason: 'operator_kill' });
    const events = (await (await s.call('GET', `/v1/runs/${accepted.run_id}/events`, { key: s.keys.viewer })).json()) as { events: Array<{ type: string }> };
    expect(events.events.some((e) => e.type === 'kill')).toBe(true);
    // The switch is per tenant: globex still runs; once off, acme runs again.
    const other = (await (await s.call('POST', '/v1/runs', { key: s.keys.globex, body: { input: 'Де TTN-000001?' } })).json()) as RunRecord;
    expect(other.stop_reason).toBe('finish');
    await s.call('PUT', '/v1/admin/kill', { key: s.keys.admin, body: { on: false } });
    const before = model.calls();
    expect(((await (await s.call('POST', '/v1/runs', { key: s.keys.operator, body: { input: 'Де зараз посилка TTN-000001?' } })).json()) as RunRecord).stop_reason).toBe('finish');
    // The killed run made fewer model calls than the same request takes to its end.
    expect(killedCalls).toBeLessThan(model.calls() - before);
  });

  it('refuses the global switches to a tenant admin with 403 and changes nothing', async () => {
    const s = (server = await openTestServer({ runtimeName }));
    for (const [path, body] of [['/v1/admin/kill', { on: true, scope: 'global' }], ['/v1/admin/read-only', { on: true, scope: 'global' }], ['/v1/admin/tools/track_shipment', { enabled: false, scope: 'global' }]] as const) {
      const refused = await s.call('PUT', path, { key: s.keys.admin, body });
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: 'forbidden', message: expect.stringContaining('platform_admin') });
    }
    const view = (await (await s.call('GET', '/v1/admin/switches', { key: s.keys.admin })).json()) as { global: { killed: boolean; read_only: boolean; disabled_tools: string[] } };
    expect(view.global).toEqual({ killed: false, tenant_disabled: false, read_only: false, disabled_tools: [] });
    expect(((await (await s.call('POST', '/v1/runs', { key: s.keys.globex, body: { input: 'Де TTN-000001?' } })).json()) as RunRecord).stop_reason).toBe('finish');
  });

  it('kills every tenant with the global switch of a platform_admin key', async () => {
    const s = (server = await openTestServer({ runtimeName }));
    await s.call('PUT', '/v1/admin/kill', { key: s.keys.platform, body: { on: true, scope: 'global' } });
    const record = (await (await s.call('POST', '/v1/runs', { key: s.keys.globex, body: { input: 'Де TTN-000001?' } })).json()) as RunRecord;
    expect(record).toMatchObject({ stop_reason: 'operator_kill', steps: 0 });
    const view = (await (await s.call('GET', '/v1/admin/switches', { key: s.keys.admin })).json()) as { global: { killed: boolean } };
    expect(view.global.killed).toBe(true);
  });

  it('ends a run that tries a disabled tool with policy_deny:<tool>, and lets it run once re-enabled', async () => {
    const s = (server = await openTestServer({ runtimeName }));
    const off = await s.call('PUT', '/v1/admin/tools/track_shipment', { key: s.keys.admin, body: { enabled: false } });
    expect(await off.json()).toEqual({ tool: 'track_shipment', scope: 'acme', enabled: false });
    const denied = (await (await s.call('POST', '/v1/runs', { key: s.keys.operator, body: { input: 'Де зараз посилка TTN-000001?' } })).json()) as RunRecord;
    expect(denied).toMatchObject({ status: 'stopped', stop_reason: 'policy_deny:track_shipment', tool_calls: [{ tool: 'track_shipment', status: 'denied' }] });
    const view = (await (await s.call('GET', '/v1/admin/switches', { key: s.keys.admin })).json()) as { tenant_effective: { disabled_tools: string[] } };
    expect(view.tenant_effective.disabled_tools).toEqual(['track_shipment']);
    await s.call('PUT', '/v1/admin/tools/track_shipment', { key: s.keys.admin, body: { enabled: true } });
    expect(((await (await s.call('POST', '/v1/runs', { key: s.keys.operator, body: { input: 'Де TTN-000001?' } })).json()) as RunRecord).stop_reason).toBe('finish');
  });

  it('refuses the cancellation in read-only mode before any human is asked', async () => {
    const s = (server = await openTestServer({ runtimeName }));
    await s.call('PUT', '/v1/admin/read-only', { key: s.keys.admin, body: { on: true } });
    const record = (await (await s.call('POST', '/v1/runs', { key: s.keys.operator, body: { input: 'Скасуй TTN-000004, клієнт відмовився, поверни 720 грн' } })).json()) as RunRecord;
    // ADK offers no cancellation at all (docs/runtimes.md), so there is nothing for read-only mode to refuse.
    expect(record).toMatchObject(runtimeName === 'adk' ? { status: 'finished' } : { stop_reason: 'policy_deny:cancel_shipment' });
    expect(record.pending).toBeUndefined();
    expect(await s.opened.domain.countCancellations('TTN-000004')).toBe(0);
  });

  it('sets the tenant’s daily budget, which stops its runs once spent', async () => {
    const s = (server = await openTestServer({ runtimeName }));
    const res = await s.call('PUT', '/v1/admin/budget', { key: s.keys.admin, body: { max_tokens_per_day: 1, max_usd_per_day: null } });
    expect(await res.json()).toEqual({ tenant: 'acme', max_tokens_per_day: 1, max_usd_per_day: null });
    await s.call('POST', '/v1/runs', { key: s.keys.operator, body: { input: 'Де TTN-000001?' } });
    const second = (await (await s.call('POST', '/v1/runs', { key: s.keys.operator, body: { input: 'Де TTN-000001?' } })).json()) as RunRecord;
    expect(second.stop_reason).toBe('max_tokens');
    const view = (await (await s.call('GET', '/v1/admin/switches', { key: s.keys.admin })).json()) as { budget: unknown };
    expect(view.budget).toEqual({ max_tokens_per_day: 1, max_usd_per_day: null });
  });

  it('answers an unknown tool with 404 and bad switch bodies with 400', async () => {
    const s = (server = await openTestServer({ runtimeName }));
    const tool = await s.call('PUT', '/v1/admin/tools/rm_rf', { key: s.keys.admin, body: { enabled: false } });
    expect(tool.status).toBe(404);
    expect(((await tool.json()) as { error: { message: string } }).error.message).toContain('track_shipment');
    for (const body of [{ on: 'yes' }, { on: true, scope: 'globex' }, { on: true, tenant: 'globex' }]) {
      expect((await s.call('PUT', '/v1/admin/kill', { key: s.keys.admin, body })).status).toBe(400);
    }
    expect((await s.call('PUT', '/v1/admin/budget', { key: s.keys.admin, body: { max_tokens_per_day: -5, max_usd_per_day: null } })).status).toBe(400);
    expect((await s.opened.controls.snapshot('globex')).killed).toBe(false);
  });
});

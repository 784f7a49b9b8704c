import type { BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import { afterEach, describe, expect, it } from 'vitest';
import type { Script } from '../testing/scripted-chat-model.js';
import { ScriptedChatModel } from '../testing/scripted-chat-model.js';
import type { RunRecord } from '../telemetry/index.js';
import type { TestServer } from './server-test-kit.js';
import { openTestServer } from './server-test-kit.js';

/** A scripted model that takes `delayMs` per call, so a run is still in flight when a switch flips. */
class SlowScriptedModel extends ScriptedChatModel {
  readonly #delayMs: number;
  constructor(script: Script, delayMs: number) {
    super(script);
    this.#delayMs = delayMs;
  }
  override async _generate(messages: BaseMessage[], options: this['ParsedCallOptions']): Promise<ChatResult> {
    await new Promise((resolve) => setTimeout(resolve, this.#delayMs));
    return super._generate(messages, options);
  }
}

const hasToolResult = (messages: readonly BaseMessage[]) => messages.some((m) => m.getType() === 'tool');
// Supervisor delegates to tracking, tracking tracks, both answer: four model calls when nothing stops it.
const tracking: Script = (messages, tools) => {
  if (tools.includes('tracking_agent')) return hasToolResult(messages) ? { content: 'done' } : { toolCalls: [{ name: 'tracking_agent', args: { request: 'Де TTN-000001?' } }] };
  return hasToolResult(messages) ? { content: 'in transit' } : { toolCalls: [{ name: 'track_shipment', args: { tracking_id: 'TTN-000001' } }] };
};

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const waitFor = async (condition: () => boolean, timeoutMs = 5000) => {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('admin switches', () => {
  it('stops a run in flight at its next step with operator_kill when the tenant kill switch flips', async () => {
    const model = new SlowScriptedModel(tracking, 300);
    const s = (server = await openTestServer({ runtime: { model } }));
    const accepted = (await (await s.call('POST', '/v1/runs', { key: s.keys.operator, body: { input: 'Де зараз посилка TTN-000001?', wait: false } })).json()) as { run_id: string };
    await waitFor(() => model.calls >= 1);
    const flip = await s.call('PUT', '/v1/admin/kill', { key: s.keys.admin, body: { on: true, reason: 'incident 17' } });
    expect(await flip.json()).toEqual({ switch: 'kill', scope: 'acme', on: true });
    await s.inFlight.idle();
    const record = (await (await s.call('GET', `/v1/runs/${accepted.run_id}`, { key: s.keys.viewer })).json()) as RunRecord;
    expect(record).toMatchObject({ status: 'stopped', stop_reason: 'operator_kill' });
    expect(model.calls).toBeLessThan(4);
    const events = (await (await s.call('GET', `/v1/runs/${accepted.run_id}/events`, { key: s.keys.viewer })).json()) as { events: Array<{ type: string }> };
    expect(events.events.some((e) => e.type === 'kill')).toBe(true);
    // The switch is per tenant: globex still runs; once off, acme runs again.
    const other = (await (await s.call('POST', '/v1/runs', { key: s.keys.globex, body: { input: 'Де TTN-000001?' } })).json()) as RunRecord;
    expect(other.stop_reason).toBe('finish');
    await s.call('PUT', '/v1/admin/kill', { key: s.keys.admin, body: { on: false } });
    expect(((await (await s.call('POST', '/v1/runs', { key: s.keys.operator, body: { input: 'Де TTN-000001?' } })).json()) as RunRecord).stop_reason).toBe('finish');
  });

  it('kills every tenant with the global switch', async () => {
    const s = (server = await openTestServer());
    await s.call('PUT', '/v1/admin/kill', { key: s.keys.admin, body: { on: true, scope: 'global' } });
    const record = (await (await s.call('POST', '/v1/runs', { key: s.keys.globex, body: { input: 'Де TTN-000001?' } })).json()) as RunRecord;
    expect(record).toMatchObject({ stop_reason: 'operator_kill', steps: 0 });
    const view = (await (await s.call('GET', '/v1/admin/switches', { key: s.keys.admin })).json()) as { global: { killed: boolean } };
    expect(view.global.killed).toBe(true);
  });

  it('ends a run that tries a disabled tool with policy_deny:<tool>, and lets it run once re-enabled', async () => {
    const s = (server = await openTestServer());
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
    const s = (server = await openTestServer());
    await s.call('PUT', '/v1/admin/read-only', { key: s.keys.admin, body: { on: true } });
    const record = (await (await s.call('POST', '/v1/runs', { key: s.keys.operator, body: { input: 'Скасуй TTN-000004, клієнт відмовився, поверни 720 грн' } })).json()) as RunRecord;
    expect(record).toMatchObject({ stop_reason: 'policy_deny:cancel_shipment' });
    expect(record.pending).toBeUndefined();
  });

  it('sets the tenant’s daily budget, which stops its runs once spent', async () => {
    const s = (server = await openTestServer());
    const res = await s.call('PUT', '/v1/admin/budget', { key: s.keys.admin, body: { max_tokens_per_day: 1, max_usd_per_day: null } });
    expect(await res.json()).toEqual({ tenant: 'acme', max_tokens_per_day: 1, max_usd_per_day: null });
    await s.call('POST', '/v1/runs', { key: s.keys.operator, body: { input: 'Де TTN-000001?' } });
    const second = (await (await s.call('POST', '/v1/runs', { key: s.keys.operator, body: { input: 'Де TTN-000001?' } })).json()) as RunRecord;
    expect(second.stop_reason).toBe('max_tokens');
    const view = (await (await s.call('GET', '/v1/admin/switches', { key: s.keys.admin })).json()) as { budget: unknown };
    expect(view.budget).toEqual({ max_tokens_per_day: 1, max_usd_per_day: null });
  });

  it('answers an unknown tool with 404 and bad switch bodies with 400', async () => {
    const s = (server = await openTestServer());
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

import { join } from 'node:path';
import type { BaseMessage } from '@langchain/core/messages';
import { afterEach, describe, expect, it } from 'vitest';
import { OfflinePlannerChatModel } from '../../models/index.js';
import { makeTempDir } from '../../testing/temp-dir.js';
import type { OpenedLangGraphRuntime } from './open-runtime.js';
import { openLangGraphRuntime } from './open-runtime.js';

/** The offline planner, noting for each call the agent's system prompt start and the tools it was offered. */
class WatchedPlanner extends OfflinePlannerChatModel {
  readonly calls: Array<{ system: string; tools: string[] }> = [];
  override async _generate(messages: BaseMessage[], options: this['ParsedCallOptions']) {
    const system = messages.find((m) => m.getType() === 'system');
    this.calls.push({ system: String(typeof system?.content === 'string' ? system.content : JSON.stringify(system?.content ?? '')), tools: (options.tools ?? []).map((t) => t.function.name) });
    return super._generate(messages, options);
  }
}

const opened: OpenedLangGraphRuntime[] = [];
const temps: Array<() => void> = [];
afterEach(async () => {
  for (const o of opened.splice(0)) await o.close();
  temps.splice(0).forEach((cleanup) => cleanup());
});

async function open(model: WatchedPlanner): Promise<OpenedLangGraphRuntime> {
  const temp = makeTempDir();
  temps.push(temp.cleanup);
  const runtime = await openLangGraphRuntime({ dbPath: join(temp.dir, 'waybill.db'), model });
  opened.push(runtime);
  return runtime;
}

const supervisorCalls = (model: WatchedPlanner) => model.calls.filter((c) => c.tools.includes('tracking_agent')).length;

describe('token savings that keep the guarantees (issue 22)', () => {
  it('answers one clean, verified delegation without a second supervisor call', async () => {
    const model = new WatchedPlanner({});
    const { runtime } = await open(model);
    const record = await runtime.ask({ input: 'Where is parcel TTN-000002?' });
    expect(record).toMatchObject({ status: 'finished', stop_reason: 'finish' });
    expect(record.answer).toContain('TTN-000002');
    expect(supervisorCalls(model)).toBe(1);
    // The relayed answer was checked once, as the sub-task's: the final check is that check.
    expect(record.final_check).toEqual({ claims: record.subtasks?.[0]?.verification?.claims, unverified: [], replaced: false });
  });

  it('still asks the supervisor to summarise two delegations', async () => {
    const model = new WatchedPlanner({});
    const { runtime } = await open(model);
    const record = await runtime.ask({ input: 'Track TTN-000001 and check stock of SKU-1002' });
    expect(record.status).toBe('finished');
    expect(supervisorCalls(model)).toBe(2);
  });

  it('offers cancel_shipment to the tracking worker only when the request asks to cancel a named shipment', async () => {
    const model = new WatchedPlanner({});
    const { runtime } = await open(model);
    await runtime.ask({ input: 'Where is parcel TTN-000002?' });
    const tracking = model.calls.filter((c) => c.tools.includes('track_shipment'));
    expect(tracking.length).toBeGreaterThan(0);
    expect(tracking.every((c) => !c.tools.includes('cancel_shipment'))).toBe(true);
    model.calls.length = 0;
    const paused = await runtime.ask({ input: 'Скасуй TTN-000004, клієнт відмовився, поверни 720 грн' });
    expect(paused.status).toBe('awaiting_approval');
    expect(model.calls.filter((c) => c.tools.includes('track_shipment')).every((c) => c.tools.includes('cancel_shipment'))).toBe(true);
  });

  it('offers tools without a $schema line', async () => {
    let offered = '';
    const spy = new (class extends WatchedPlanner {
      override async _generate(messages: BaseMessage[], options: this['ParsedCallOptions']) {
        offered += JSON.stringify(options.tools ?? []);
        return super._generate(messages, options);
      }
    })({});
    const { runtime } = await open(spy);
    await runtime.ask({ input: 'Статус TTN-000003' });
    expect(offered).toContain('track_shipment');
    expect(offered).toContain('tracking_agent');
    expect(offered).not.toContain('$schema');
  });
});

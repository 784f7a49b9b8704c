import { afterEach, describe, expect, it } from 'vitest';
import { OfflinePlannerChatModel } from '../models/index.js';
import { reconcileRun } from './core/reconcile-run.js';
import { openLangGraphRuntime } from './langgraph/open-runtime.js';
import type { OpenedLangGraphRuntime } from './langgraph/open-runtime.js';

const opened: OpenedLangGraphRuntime[] = [];
afterEach(async () => {
  for (const o of opened.splice(0)) await o.close();
});

// Two threads that ask for the same cancellation wait on one approval (the server files a request once
// per tenant, tool and arguments); its grant runs once, in whichever thread is resumed first.
describe('two threads sharing one approval', () => {
  const CANCEL = 'Скасуй TTN-000004, клієнт відмовився, поверни 720 грн';

  it('the thread resumed second says the cancellation was made by the other request, claims no call of its own, and both records agree with the domain', async () => {
    const o = await openLangGraphRuntime({ dbPath: ':memory:', model: new OfflinePlannerChatModel() });
    opened.push(o);
    const first = await o.runtime.ask({ input: CANCEL, threadId: 'first' });
    const second = await o.runtime.ask({ input: CANCEL, threadId: 'second' });
    expect(second.pending?.approval_id).toBe(first.pending?.approval_id);

    const done = await o.runtime.decide('first', { type: 'approve', by: 'alice' });
    expect(done).toMatchObject({ status: 'finished', tool_calls: [{ tool: 'cancel_shipment', status: 'ok' }] });
    const cancellationId = done.tool_calls[0]?.effect?.cancellation_id;

    // The second thread was waiting on the same approval: it is resolved with it, not left paused.
    const after = await o.runs.latestRunForThread('second');
    if (!after) throw new Error('no run of the second thread');
    await expect(o.runtime.decide('second', { type: 'approve', by: 'bob' })).rejects.toMatchObject({ code: 'nothing_pending' });
    expect(after.status).toBe('finished');
    expect(after.approval).toMatchObject({ decision: 'approve', by: 'alice' });
    expect(after.answer).toContain(`вже скасовано (скасування ${cancellationId}`);
    expect(after.answer).toContain('в іншому запиті');
    // Not the answer of a run whose own process stopped after making the cancellation.
    expect(after.answer).not.toMatch(/зупинився/);
    expect(after.tool_calls.filter((call) => call.tool === 'cancel_shipment' && call.status === 'ok')).toEqual([]);
    expect(after.tool_calls.filter((call) => call.tool === 'cancel_shipment').map((call) => call.status)).toEqual(['error']);
    const reconciled = (await o.runs.listEvents(after.run_id)).find((e) => e.type === 'run.reconciled');
    expect(reconciled?.detail).toContain("was made by thread first's run");
    expect(await o.domain.countCancellations('TTN-000004')).toBe(1);

    for (const record of [done, after]) {
      const verdict = await reconcileRun(o.domain, record);
      expect({ run: record.thread_id, agrees: verdict.agrees, disagreements: verdict.disagreements }).toEqual({ run: record.thread_id, agrees: true, disagreements: [] });
    }
    // A record of the second thread that claimed the call would be caught.
    const claiming = { ...after, tool_calls: done.tool_calls };
    expect((await reconcileRun(o.domain, claiming)).disagreements).toEqual([expect.stringContaining("was made by thread first's run")]);
  });

  it('a second approval for a shipment cancelled meanwhile says this request cancelled nothing, not that the shipment is not cancelled', async () => {
    const o = await openLangGraphRuntime({ dbPath: ':memory:', model: new OfflinePlannerChatModel() });
    opened.push(o);
    await o.runtime.ask({ input: CANCEL, threadId: 'full' });
    await o.runtime.ask({ input: 'Скасуй TTN-000004, клієнт відмовився, поверни 500 грн', threadId: 'part' });
    await o.runtime.decide('full', { type: 'approve', by: 'alice' });
    const later = await o.runtime.decide('part', { type: 'approve', by: 'bob' });
    expect(later.tool_calls.map((call) => [call.tool, call.status])).toEqual([['cancel_shipment', 'error']]);
    expect(later.answer).toContain('TTN-000004 уже скасовано');
    expect(later.answer).toContain('не скасовано цим запитом, кошти не повернено');
    expect((await o.domain.getShipment('TTN-000004'))?.cancellation?.refundUah).toBe(720);
  });

  it('a rejection of the shared approval ends the other thread rejected too, with nothing cancelled', async () => {
    const o = await openLangGraphRuntime({ dbPath: ':memory:', model: new OfflinePlannerChatModel() });
    opened.push(o);
    await o.runtime.ask({ input: CANCEL, threadId: 'one' });
    await o.runtime.ask({ input: CANCEL, threadId: 'two' });
    const rejected = await o.runtime.decide('one', { type: 'reject', by: 'alice', reason: 'клієнт передумав' });
    expect(rejected).toMatchObject({ status: 'stopped', stop_reason: 'approval_rejected' });
    expect(await o.runs.latestRunForThread('two')).toMatchObject({ status: 'stopped', stop_reason: 'approval_rejected', approval: { decision: 'reject', by: 'alice' } });
    expect((await o.runtime.state('two')).status).not.toBe('awaiting_approval');
    expect(await o.domain.countCancellations('TTN-000004')).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectInMemory } from '../mcp/index.js';
import type { TestServer } from './server-test-kit.js';
import { openTestServer } from './server-test-kit.js';

// One edit rule on every HTTP path (issue 32 part 5): a paused run decided by its run id or by the
// apr_ id filed for its pause, an approval an MCP client filed, and an Agent Protocol resume. The same
// edits are refused with the same named error (422 `invalid_edit`, the field in `fields`), and a partial
// edit is accepted the same way (the fields left out keep their requested values).
const MOVED = { tracking_id: 'TTN-000010' };
const DUST = { refund_uah: 1e-9 };
const PARTIAL = { refund_uah: 200 };

describe('the edit rule over HTTP (LangGraph)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await openTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const decide = (id: string, args: unknown) => server.call('POST', `/v1/approvals/${id}`, { key: server.keys.operator, body: { decision: 'edit', args } });
  const pause = async (threadId: string, trackingId: string) => {
    const res = await server.call('POST', '/v1/runs', { key: server.keys.operator, body: { input: `Скасуй ${trackingId}, клієнт відмовився, поверни 300 грн`, thread_id: threadId } });
    const record = (await res.json()) as { run_id: string; status: string; pending?: { approval_id?: string } };
    expect(record.status).toBe('awaiting_approval');
    return { runId: record.run_id, approvalId: record.pending?.approval_id ?? '' };
  };
  const refusals = async (id: string) => {
    const moved = await decide(id, MOVED);
    const dust = await decide(id, DUST);
    return [moved.status, await moved.json(), dust.status, await dust.json()];
  };
  const EXPECTED = [
    422, { error: { code: 'invalid_edit', fields: ['tracking_id'], message: expect.stringMatching(/^edit refused: tracking_id: an edit may change the refund or the reason, not the shipment/) } },
    422, { error: { code: 'invalid_edit', fields: ['refund_uah'], message: 'edit refused: refund_uah: 1e-9 is not a whole number of kopecks (at most two decimals)' } },
  ];

  it('refuses a moved shipment and a fraction of a kopeck on a paused run by run id, then takes a partial edit', async () => {
    const { runId } = await pause('edit-run', 'TTN-000004');
    expect(await refusals(runId)).toEqual(EXPECTED);
    const res = await decide(runId, PARTIAL);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'finished', approval: { decision: 'edit', args: { tracking_id: 'TTN-000004', reason: 'клієнт відмовився', refund_uah: 200 } } });
    expect((await server.opened.domain.getShipment('TTN-000004'))?.cancellation?.refundUah).toBe(200);
  });

  it('says the same by the apr_ id filed for the pause', async () => {
    const { approvalId } = await pause('edit-apr', 'TTN-000012');
    expect(approvalId).toMatch(/^apr_/);
    expect(await refusals(approvalId)).toEqual(EXPECTED);
    expect((await decide(approvalId, PARTIAL)).status).toBe(200);
    expect((await server.opened.domain.getShipment('TTN-000012'))?.cancellation?.refundUah).toBe(200);
  });

  it('says the same for an approval an MCP client filed: no grant for another shipment', async () => {
    const { client, close } = await connectInMemory({ store: server.opened.domain, caller: { tenant: 'acme', role: 'operator', principal: 'client', channel: 'stdio' }, approvals: { grants: 'required' } });
    const asked = await client.callTool({ name: 'cancel_shipment', arguments: { tracking_id: 'TTN-000002', reason: 'клієнт відмовився', refund_uah: 90 } });
    await close();
    const { approval_id: approvalId } = asked.structuredContent as { approval_id: string };
    expect(await refusals(approvalId)).toEqual(EXPECTED);
    expect((await server.opened.domain.approvals.get(approvalId))?.status).toBe('pending');
    const res = await decide(approvalId, { refund_uah: 50 });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ approval: { status: 'approved', decision: { kind: 'edit', args: { tracking_id: 'TTN-000002', reason: 'клієнт відмовився', refund_uah: 50 } } } });
  });

  it('says the same to an Agent Protocol resume, and takes a partial edit there too', async () => {
    const threadId = ((await (await server.call('POST', '/threads', { key: server.keys.operator, body: {} })).json()) as { thread_id: string }).thread_id;
    const wait = async (body: unknown) => (await server.call('POST', `/threads/${threadId}/runs/wait`, { key: server.keys.operator, body })).json();
    await wait({ assistant_id: 'langgraph', input: { messages: [{ role: 'user', content: 'Скасуй TTN-000009, клієнт відмовився, поверни 400 грн' }] } });
    const edit = (args: unknown) => wait({ assistant_id: 'langgraph', command: { resume: { type: 'edit', args } } });
    expect(await edit(MOVED)).toMatchObject({ __error__: { error: 'invalid_edit', message: (EXPECTED[1] as { error: { message: unknown } }).error.message } });
    expect(await edit(DUST)).toMatchObject({ __error__: { error: 'invalid_edit', message: (EXPECTED[3] as { error: { message: unknown } }).error.message } });
    await edit({ refund_uah: 150 });
    expect((await server.opened.domain.getShipment('TTN-000009'))?.cancellation?.refundUah).toBe(150);
  });
});

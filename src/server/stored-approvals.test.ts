import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argsHash } from '../domain/index.js';
import type { TestServer } from './server-test-kit.js';
import { openTestServer } from './server-test-kit.js';

let server: TestServer;
beforeAll(async () => {
  server = await openTestServer();
});
afterAll(async () => {
  await server.close();
});

const args = { tracking_id: 'TTN-000004', reason: 'Клієнт відмовився', refund_uah: 720 };
const file = (tenant: string) => server.opened.domain.approvals.request({ tenant, tool: 'cancel_shipment', args, argsHash: argsHash(args), requestedBy: 'http:key_x' });

describe('approvals filed at the MCP boundary, over /v1/approvals', () => {
  it("lists the tenant's own, decides them once through the store, and hides other tenants'", async () => {
    const own = await file('acme');
    const foreign = await file('globex');
    const listed = (await (await server.call('GET', '/v1/approvals', { key: server.keys.viewer })).json()) as { approvals: Array<{ id: string; source?: string }> };
    expect(listed.approvals.filter((a) => a.source === 'mcp').map((a) => a.id)).toEqual([own.approvalId]);

    expect((await server.call('POST', `/v1/approvals/${own.approvalId}`, { key: server.keys.viewer, body: { decision: 'approve' } })).status).toBe(403);
    expect((await server.call('POST', `/v1/approvals/${foreign.approvalId}`, { key: server.keys.operator, body: { decision: 'approve' } })).status).toBe(404);
    const edited = await server.call('POST', `/v1/approvals/${own.approvalId}`, { key: server.keys.operator, body: { decision: 'edit', args: { refund_uah: 500 } } });
    expect(edited.status).toBe(200);
    const { approval } = (await edited.json()) as { approval: { status: string; decision: { kind: string; args: Record<string, unknown> }; grant: { argsHash: string } } };
    expect(approval).toMatchObject({ status: 'approved', decision: { kind: 'edit', args: { ...args, refund_uah: 500 } } });
    expect(approval.grant.argsHash).toBe(argsHash({ ...args, refund_uah: 500 }));
    expect((await server.call('POST', `/v1/approvals/${own.approvalId}`, { key: server.keys.operator, body: { decision: 'reject', reason: 'late' } })).status).toBe(409);
    const after = (await (await server.call('GET', '/v1/approvals', { key: server.keys.viewer })).json()) as { approvals: Array<{ source?: string }> };
    expect(after.approvals.filter((a) => a.source === 'mcp')).toEqual([]);
  });
});

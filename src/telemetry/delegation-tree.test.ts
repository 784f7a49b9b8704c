import { describe, expect, it } from 'vitest';
import { auditEvent } from './audit-event.js';
import type { AuditEventFields } from './audit-event.js';
import { delegationTree, renderDelegationTree } from './delegation-tree.js';

const base = { request_id: 'req-1', tenant: 't', run_id: 'run-1', parent: null, status: 'ok' } as const;
const event = (fields: Partial<AuditEventFields> & Pick<AuditEventFields, 'agent' | 'type'>) => auditEvent({ ...base, ...fields }, () => new Date('2026-11-30T12:00:00.000Z'));

describe('delegationTree', () => {
  it('puts delegated workers under the supervisor with their tokens, tools and flags', () => {
    const tree = delegationTree([
      event({ agent: 'supervisor', type: 'model.call', duration_ms: 5, detail: 'planner: 100+20 tokens' }),
      event({ agent: 'tracking_agent', parent: 'supervisor', type: 'delegation.start', status: 'info' }),
      event({ agent: 'tracking_agent', parent: 'supervisor', type: 'model.call', duration_ms: 3, detail: 'planner: 50+10 tokens' }),
      event({ agent: 'tracking_agent', parent: 'supervisor', type: 'tool.call', tool: 'track_shipment', duration_ms: 2 }),
      event({ agent: 'tracking_agent', parent: 'supervisor', type: 'guard.taint', tool: 'track_shipment', status: 'info' }),
      event({ agent: 'warehouse_agent', parent: 'supervisor', type: 'delegation.start', status: 'info' }),
      event({ agent: 'warehouse_agent', parent: 'supervisor', type: 'policy.deny', tool: 'cancel_shipment', status: 'denied' }),
    ]);
    expect(tree).toMatchObject({ agent: 'supervisor', model_calls: 1, tokens: 120, time_ms: 5 });
    expect(tree.children.map((c) => [c.agent, c.status, c.tokens, c.flags])).toEqual([
      ['tracking_agent', 'ok', 60, ['instruction found in content, ignored']],
      ['warehouse_agent', 'denied', 0, ['cancel_shipment refused by policy']],
    ]);
    const lines = renderDelegationTree(tree);
    expect(lines[1]).toMatch(/^├─ tracking_agent {2}\[ok\] {2}1 model call\(s\), 60 tokens, 5 ms, tools: track_shipment\(ok, 2 ms\) {2}⚑ instruction found/);
    expect(lines[2]).toMatch(/^└─ warehouse_agent {2}\[denied\]/);
  });
});

describe('delegationTree with parallel delegations', () => {
  it('shows each delegation of one worker as its own node, with confidence and why it failed', () => {
    const result = (task_id: string, detail: object, status: 'ok' | 'error') => event({ agent: 'tracking_agent', parent: 'supervisor', task_id, type: 'delegation.result', status, detail: JSON.stringify(detail) });
    const tree = delegationTree([
      event({ agent: 'tracking_agent', parent: 'supervisor', task_id: 'd1', type: 'delegation.start', status: 'info' }),
      event({ agent: 'tracking_agent', parent: 'supervisor', task_id: 'd2', type: 'delegation.start', status: 'info' }),
      event({ agent: 'tracking_agent', parent: 'supervisor', task_id: 'd1', type: 'model.call', duration_ms: 3, detail: 'planner: 50+10 tokens' }),
      event({ agent: 'tracking_agent', parent: 'supervisor', task_id: 'd2', type: 'model.call', duration_ms: 4, detail: 'planner: 40+0 tokens' }),
      result('d1', { status: 'ok', confidence: 'high' }, 'ok'),
      result('d2', { status: 'failed', confidence: 'low', reason: 'empty output' }, 'error'),
    ]);
    expect(tree.children.map((c) => [c.task_id, c.status, c.confidence, c.reason, c.tokens])).toEqual([
      ['d1', 'ok', 'high', undefined, 60],
      ['d2', 'error', 'low', 'empty output', 40],
    ]);
    const lines = renderDelegationTree(tree);
    expect(lines[2]).toMatch(/^└─ tracking_agent d2 {2}\[error: empty output\] {2}1 model call\(s\), 40 tokens, 4 ms, confidence low/);
  });
});

import { describe, expect, it } from 'vitest';
import { ROLES_TABLE } from '../../agents/roles.js';
import { DOMAIN_TOOLS } from '../../domain/index.js';
import { checkToolCall } from './check-tool-call.js';
import { defineDomainPolicy } from './domain-policy.js';
import { isToolAllowed, toolsForAgent } from './roles-table.js';

const names = (agent: string) => toolsForAgent(ROLES_TABLE, agent, DOMAIN_TOOLS).map((t) => t.name);
const cancel = { tracking_id: 'TTN-000004', reason: 'Клієнт відмовився', refund_uah: 720 };

describe('toolsForAgent (first line: what the model is shown)', () => {
  it.each([
    ['supervisor', []],
    ['tracking_agent', ['track_shipment', 'cancel_shipment']],
    ['warehouse_agent', ['check_stock']],
    ['pricing_agent', ['calc_delivery']],
  ])('gives %s exactly its tools', (agent, tools) => {
    expect(names(agent)).toEqual(tools);
  });

  it.each(['stranger', 'Supervisor', '__proto__', 'constructor', 'toString', ''])('gives %j nothing (deny by default)', (agent) => {
    expect(names(agent)).toEqual([]);
    expect(isToolAllowed(ROLES_TABLE, agent, 'track_shipment')).toBe(false);
  });
});

describe('checkToolCall (second line: re-checked at call time)', () => {
  it('allows a worker its own read tool without approval', () => {
    expect(checkToolCall({ roles: ROLES_TABLE, agent: 'warehouse_agent', tool: 'check_stock', args: { sku: 'SKU-1001' } })).toEqual({ verdict: 'allow', needsApproval: false });
  });

  it.each([
    ['supervisor', 'track_shipment'],
    ['warehouse_agent', 'cancel_shipment'],
    ['pricing_agent', 'check_stock'],
    ['tracking_agent', 'calc_delivery'],
  ])('denies %s calling %s with policy_deny', (agent, tool) => {
    const verdict = checkToolCall({ roles: ROLES_TABLE, agent, tool, args: {} });
    expect(verdict).toMatchObject({ verdict: 'deny', cause: 'not_allowed', stopReason: `policy_deny:${tool}` });
  });

  it('denies an agent that is not in the table, whatever the tool', () => {
    expect(checkToolCall({ roles: ROLES_TABLE, agent: 'helpful_agent', tool: 'track_shipment', args: { tracking_id: 'TTN-000001' } })).toMatchObject({
      verdict: 'deny',
      cause: 'unknown_agent',
    });
  });

  it('denies a granted tool that the domain does not have', () => {
    const roles = { rogue: { tools: ['drop_tables'], delegates: [], scopes: [] } };
    expect(checkToolCall({ roles, agent: 'rogue', tool: 'drop_tables', args: {} })).toMatchObject({ verdict: 'deny', cause: 'unknown_tool', stopReason: 'policy_deny:drop_tables' });
  });

  it('returns malformed arguments to the model as the envelope instead of stopping the run', () => {
    const verdict = checkToolCall({ roles: ROLES_TABLE, agent: 'tracking_agent', tool: 'cancel_shipment', args: { tracking_id: 'TTN-000004', refund_uah: 'all' } });
    expect(verdict).toEqual({ verdict: 'invalid', result: { status: 'error', problems: ['reason: is required', 'refund_uah: expected a number, got string'] } });
  });

  it('requires approval for every cancellation by default (auto-approve threshold 0)', () => {
    expect(checkToolCall({ roles: ROLES_TABLE, agent: 'tracking_agent', tool: 'cancel_shipment', args: { ...cancel, refund_uah: 0 } })).toEqual({ verdict: 'allow', needsApproval: true });
    expect(checkToolCall({ roles: ROLES_TABLE, agent: 'tracking_agent', tool: 'cancel_shipment', args: cancel })).toEqual({ verdict: 'allow', needsApproval: true });
  });

  it('lets small refunds through without a human when the threshold allows it', () => {
    const policy = defineDomainPolicy({ autoApproveBelowUah: 1000 });
    expect(checkToolCall({ roles: ROLES_TABLE, agent: 'tracking_agent', tool: 'cancel_shipment', args: cancel, policy })).toEqual({ verdict: 'allow', needsApproval: false });
    expect(checkToolCall({ roles: ROLES_TABLE, agent: 'tracking_agent', tool: 'cancel_shipment', args: { ...cancel, refund_uah: 1000 }, policy })).toEqual({ verdict: 'allow', needsApproval: true });
  });

  it('denies a refund over the cap before any approval is asked', () => {
    expect(checkToolCall({ roles: ROLES_TABLE, agent: 'tracking_agent', tool: 'cancel_shipment', args: { ...cancel, refund_uah: 5000.01 } })).toMatchObject({
      verdict: 'deny',
      cause: 'refund_cap',
      stopReason: 'policy_deny:cancel_shipment',
    });
    const strict = defineDomainPolicy({ refundCapUah: 500 });
    expect(checkToolCall({ roles: ROLES_TABLE, agent: 'tracking_agent', tool: 'cancel_shipment', args: cancel, policy: strict })).toMatchObject({ cause: 'refund_cap' });
  });

  it('refuses every write in read-only mode but still serves reads', () => {
    const policy = defineDomainPolicy({ readOnly: true });
    expect(checkToolCall({ roles: ROLES_TABLE, agent: 'tracking_agent', tool: 'cancel_shipment', args: cancel, policy })).toMatchObject({ verdict: 'deny', cause: 'read_only' });
    expect(checkToolCall({ roles: ROLES_TABLE, agent: 'tracking_agent', tool: 'track_shipment', args: { tracking_id: 'TTN-000001' }, policy })).toMatchObject({ verdict: 'allow' });
  });

  it('denies a tool an operator switched off', () => {
    const verdict = checkToolCall({ roles: ROLES_TABLE, agent: 'pricing_agent', tool: 'calc_delivery', args: {}, disabledTools: new Set(['calc_delivery']) });
    expect(verdict).toMatchObject({ verdict: 'deny', cause: 'tool_disabled', stopReason: 'policy_deny:calc_delivery' });
  });

  it('validates policy options with a message that says what is allowed', () => {
    expect(() => defineDomainPolicy({ refundCapUah: 9000 })).toThrow('refundCapUah must be between 0 and 5000, got 9000');
    expect(() => defineDomainPolicy({ autoApproveBelowUah: -1 })).toThrow(/autoApproveBelowUah must be between 0 and refundCapUah/);
  });
});

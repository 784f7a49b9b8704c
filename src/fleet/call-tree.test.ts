import { describe, expect, it } from 'vitest';
import { ROLES_TABLE } from '../agents/index.js';
import { checkDelegation } from './call-tree.js';

const CYCLIC = {
  supervisor: { tools: [], delegates: ['a'], scopes: [] },
  a: { tools: [], delegates: ['b'], scopes: [] },
  b: { tools: [], delegates: ['a', 'c'], scopes: [] },
  c: { tools: [], delegates: ['d'], scopes: [] },
  d: { tools: [], delegates: [], scopes: [] },
};

describe('the call tree', () => {
  it('lets the supervisor delegate to each worker, and workers to nobody', () => {
    for (const worker of ['tracking_agent', 'warehouse_agent', 'pricing_agent']) {
      expect(checkDelegation({ roles: ROLES_TABLE, path: ['supervisor'], callee: worker })).toEqual({ allowed: true });
      expect(checkDelegation({ roles: ROLES_TABLE, path: ['supervisor', worker], callee: 'pricing_agent' === worker ? 'tracking_agent' : 'pricing_agent' })).toMatchObject({ allowed: false, stopReason: expect.stringMatching(/^policy_deny:/) });
    }
  });

  it('denies an agent that is not in the table, and a caller-less delegation', () => {
    expect(checkDelegation({ roles: ROLES_TABLE, path: ['supervisor'], callee: 'refund_agent' })).toMatchObject({ allowed: false, stopReason: 'policy_deny:refund_agent' });
    expect(checkDelegation({ roles: ROLES_TABLE, path: [], callee: 'tracking_agent' })).toMatchObject({ allowed: false, stopReason: 'policy_deny:tracking_agent' });
  });

  it('names a cycle as a cycle, even where the table allows the edge', () => {
    const verdict = checkDelegation({ roles: CYCLIC, path: ['supervisor', 'a', 'b'], callee: 'a', maxDepth: 5 });
    expect(verdict).toEqual({ allowed: false, stopReason: 'cycle_detected', detail: 'supervisor → a → b → a: a is already on the call path' });
  });

  it('stops a chain deeper than the limit (default 2) with depth_limit', () => {
    expect(checkDelegation({ roles: CYCLIC, path: ['supervisor', 'a'], callee: 'b' })).toEqual({ allowed: true });
    expect(checkDelegation({ roles: CYCLIC, path: ['supervisor', 'a', 'b'], callee: 'c' })).toMatchObject({ allowed: false, stopReason: 'depth_limit' });
    expect(checkDelegation({ roles: CYCLIC, path: ['supervisor', 'a', 'b'], callee: 'c', maxDepth: 3 })).toEqual({ allowed: true });
  });
});

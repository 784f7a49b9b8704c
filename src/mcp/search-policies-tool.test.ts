import { describe, expect, it } from 'vitest';
import { SqliteDomainStore } from '../domain/index.js';
import type { SearchPoliciesInput } from '../domain/index.js';
import { connectInMemory } from './connect-in-memory.js';

describe('search_policies on the MCP server', () => {
  it('is listed only when a knowledge base is attached, and takes the caller from _meta, never from arguments', async () => {
    const store = SqliteDomainStore.open(':memory:');
    const calls: Array<[string | undefined, SearchPoliciesInput]> = [];
    const plain = await connectInMemory({ store });
    expect((await plain.client.listTools()).tools.map((t) => t.name)).not.toContain('search_policies');
    await plain.close();

    const { client, close } = await connectInMemory({
      store,
      searchPolicies: async (agent, args) => {
        calls.push([agent, args]);
        return { status: 'ok', hits: [] };
      },
    });
    expect((await client.listTools()).tools.find((t) => t.name === 'search_policies')?.annotations?.readOnlyHint).toBe(true);
    await client.callTool({ name: 'search_policies', arguments: { query: 'refunds' }, _meta: { 'waybill/agent': 'pricing_agent' } });
    await client.callTool({ name: 'search_policies', arguments: { query: 'refunds' } });
    const spoof = await client.callTool({ name: 'search_policies', arguments: { query: 'refunds', agent: 'admin' }, _meta: { 'waybill/agent': 'pricing_agent' } });
    expect(spoof.structuredContent).toEqual({ status: 'error', problems: ['agent: unknown field'] });
    expect(calls).toEqual([
      ['pricing_agent', { query: 'refunds' }],
      [undefined, { query: 'refunds' }],
    ]);
    await close();
    await store.close();
  });
});

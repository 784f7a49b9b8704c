import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteDomainStore } from '../domain/index.js';
import { BAD_INPUTS } from '../testing/bad-inputs.js';
import { fixedClock } from '../testing/fixed-clock.js';
import { connectInMemory } from './connect-in-memory.js';

let store: SqliteDomainStore;
let client: Client;
let close: () => Promise<void>;

beforeAll(async () => {
  store = SqliteDomainStore.open(':memory:');
  ({ client, close } = await connectInMemory({ store, now: fixedClock() }));
});

afterAll(async () => {
  await close();
  await store.close();
});

describe('bad tool arguments', () => {
  it('has at least 25 cases', () => {
    expect(BAD_INPUTS.length).toBeGreaterThanOrEqual(25);
  });

  it.each(BAD_INPUTS)('$tool: $label → envelope naming $field, and the server keeps serving', async ({ tool, args, field }) => {
    const result = await client.callTool({ name: tool, arguments: args });
    expect(result.isError).toBe(true);
    const envelope = result.structuredContent as { status: string; problems: string[] };
    expect(envelope.status).toBe('error');
    expect(Object.keys(envelope).sort()).toEqual(['problems', 'status']);
    const problem = envelope.problems.find((p) => p.startsWith(`${field}: `));
    expect(problem, JSON.stringify(envelope.problems)).toBeDefined();
    // Useful means short and specific: never the 100 KB input echoed back.
    expect(problem?.length).toBeLessThan(300);
    expect(JSON.parse((result.content as Array<{ text: string }>)[0]?.text ?? '')).toEqual(envelope);

    const next = await client.callTool({ name: 'track_shipment', arguments: { tracking_id: 'TTN-000001' } });
    expect(next.structuredContent).toMatchObject({ status: 'ok', shipment_status: 'in_transit' });
  });

  it('wrote nothing while refusing all of them', async () => {
    expect(await store.countCancellations()).toBe(1); // the fixture cancellation of TTN-000006 only
    expect((await store.getShipment('TTN-000004'))?.status).toBe('created');
  });

  it('reports every problem of one call, not only the first', async () => {
    const result = await client.callTool({ name: 'calc_delivery', arguments: { origin: 'Paris', destination: 'Rome', weight_kg: 1, service: 'boat' } });
    const { problems } = result.structuredContent as { problems: string[] };
    expect(problems.map((p) => p.split(':')[0])).toEqual(['origin', 'destination', 'service']);
  });

  it('reports schema and domain problems together, each naming its field', async () => {
    const problemsOf = async (name: string, args: Record<string, unknown>) =>
      ((await client.callTool({ name, arguments: args })).structuredContent as { problems: string[] }).problems;
    expect(await problemsOf('calc_delivery', { origin: 'Paris', destination: 'Київ', weight_kg: 0, service: 'rocket' })).toEqual([
      'origin: unknown city "Paris"; expected one of Київ (Kyiv), Львів (Lviv), Одеса (Odesa), Харків (Kharkiv), Дніпро (Dnipro)',
      'weight_kg: must be greater than 0',
      'service: unknown service "rocket"; expected one of standard, express, overnight',
    ]);
    const noDestination = await problemsOf('calc_delivery', { origin: 'Paris', weight_kg: 0, service: 'rocket' });
    expect(noDestination.map((p) => p.split(':')[0])).toEqual(['origin', 'destination', 'weight_kg', 'service']);
    expect(await problemsOf('calc_delivery', { origin: 'Mars', destination: 'Lviv', weight_kg: 12, service: 'overnight' })).toEqual([
      expect.stringMatching(/^origin: unknown city "Mars"/),
      'weight_kg: 12 kg is over the overnight limit of 10 kg; try standard or express',
    ]);
    const cancel = await problemsOf('cancel_shipment', { tracking_id: 'TTN-1', reason: 'x', refund_uah: 9000 });
    expect(cancel.map((p) => p.split(':')[0])).toEqual(['tracking_id', 'reason', 'refund_uah']);
    const stock = await problemsOf('check_stock', { sku: 'SKU-1', warehouse: 'Paris', min_qty: -1 });
    expect(stock.map((p) => p.split(':')[0])).toEqual(['sku', 'warehouse', 'min_qty']);
  });

  it('says a missing field is required and names the type a wrong one should have', async () => {
    const result = await client.callTool({ name: 'calc_delivery', arguments: { origin: 'Kyiv', destination: 'Lviv', weight_kg: '8' } });
    expect((result.structuredContent as { problems: string[] }).problems).toEqual([
      'weight_kg: expected a number, got string',
      'service: is required',
    ]);
  });
});

// Figure 4: MCP tool-call latency. Persistent sessions (in-process, as the runtime uses it, and stdio to
// a `waybill mcp` child) against a new stdio server process per call (spawn, initialize, call, close).
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { SqliteDomainStore } from '../../dist/domain/index.js';
import { connectInMemory } from '../../dist/mcp/index.js';
import { median, summarise } from '../lib/stats.mjs';
import { tempDir } from '../lib/temp-db.mjs';

const CLI = fileURLToPath(new URL('../../dist/bin/waybill.js', import.meta.url));

// The same mix of read-only calls on every path.
const CALLS = [
  { name: 'track_shipment', arguments: { tracking_id: 'TTN-000001' } },
  { name: 'check_stock', arguments: { sku: 'SKU-1001' } },
  { name: 'calc_delivery', arguments: { origin: 'Одеса', destination: 'Харків', weight_kg: 8, service: 'express' } },
];

function stdioTransport(dbPath) {
  return new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'mcp'],
    env: { ...getDefaultEnvironment(), WAYBILL_DB: dbPath, WAYBILL_LOG_LEVEL: 'silent' },
    stderr: 'ignore',
  });
}

async function timeCalls(client, count) {
  const samples = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const result = await client.callTool(CALLS[i % CALLS.length]);
    samples.push(performance.now() - started);
    if (result.isError) throw new Error(`MCP call failed: ${JSON.stringify(result.content)}`);
  }
  return samples;
}

export async function run({ persistentCalls = 200, spawnCalls = 15, warmup = 20 } = {}) {
  const tmp = tempDir();
  const dbPath = tmp.newDb('mcp');
  // Create and seed the file once, so no spawned server pays for seeding.
  const store = SqliteDomainStore.open(dbPath);
  try {
    const inMemory = await connectInMemory({ store });
    await timeCalls(inMemory.client, warmup);
    const inMemoryMs = await timeCalls(inMemory.client, persistentCalls);
    await inMemory.close();

    const stdio = new Client({ name: 'waybill-bench', version: '0' });
    await stdio.connect(stdioTransport(dbPath));
    await timeCalls(stdio, warmup);
    const stdioMs = await timeCalls(stdio, persistentCalls);
    await stdio.close();

    const spawnMs = [];
    for (let i = 0; i <= spawnCalls; i += 1) {
      const started = performance.now();
      const client = new Client({ name: 'waybill-bench', version: '0' });
      await client.connect(stdioTransport(dbPath));
      const result = await client.callTool(CALLS[i % CALLS.length]);
      await client.close();
      if (result.isError) throw new Error(`MCP call failed: ${JSON.stringify(result.content)}`);
      if (i > 0) spawnMs.push(performance.now() - started); // the first spawn warms the OS file cache
    }

    const spawnP50 = median(spawnMs);
    const row = (id, name, short, persistent) => ({
      id,
      name,
      short,
      repetitions: `${persistentCalls} persistent calls (after ${warmup} warm-up), ${spawnCalls} spawned servers (after 1 warm-up)`,
      unit: 'ms per call (p50)',
      waybill: summarise(persistent, 3),
      baseline: summarise(spawnMs, 1),
      value: { waybill: median(persistent), baseline: spawnP50 },
      ratio: spawnP50 / median(persistent),
      ratio_label: 'speed-up (spawn ÷ persistent)',
      target: { op: '>=', value: 20 },
    });
    return {
      figures: [
        row('4a', 'MCP tool call, persistent in-process session (what the runtime uses) vs new stdio server per call', 'MCP call p50, in-process session', inMemoryMs),
        row('4b', 'MCP tool call, persistent stdio session vs new stdio server per call', 'MCP call p50, stdio session', stdioMs),
      ],
      details: {
        calls: CALLS.map((c) => c.name),
        persistent_calls: persistentCalls,
        spawn_calls: spawnCalls,
        warmup_calls: warmup,
        server: `${process.execPath} dist/bin/waybill.js mcp (the bundled CLI), WAYBILL_LOG_LEVEL=silent`,
      },
    };
  } finally {
    await store.close();
    tmp.remove();
  }
}

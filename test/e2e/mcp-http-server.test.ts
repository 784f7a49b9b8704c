import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideApproval, SqliteDomainStore } from '../../src/domain/index.js';
import { openApiKeyStore } from '../../src/server/open-api-key-store.js';
import { makeTempDir } from '../../src/testing/temp-dir.js';
import { CLI, serverEnv } from './helpers.js';

const temp = makeTempDir();
const PUBLIC_URL = 'https://ops.example.test';
const dbPath = join(temp.dir, 'http.db');
let child: ChildProcessWithoutNullStreams;
let url: URL;
let operatorKey = '';
let globexKey = '';

beforeAll(async () => {
  const keys = await openApiKeyStore(dbPath);
  operatorKey = (await keys.create({ tenant: 'default', role: 'operator' })).key;
  globexKey = (await keys.create({ tenant: 'globex', role: 'operator' })).key;
  await keys.close();
  child = spawn(process.execPath, [CLI, 'mcp', '--http', '--port', '0'], { env: serverEnv(dbPath, { WAYBILL_LOG_LEVEL: 'info', WAYBILL_PUBLIC_URL: PUBLIC_URL }) });
  url = await new Promise<URL>((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${err}`)), 10_000);
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      err += chunk;
      const found = /"url":"([^"]+)"/.exec(err);
      if (found?.[1]) {
        clearTimeout(timer);
        resolve(new URL(found[1]));
      }
    });
  });
});

afterAll(async () => {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  temp.cleanup();
});

function raw(method: string, path: string, body: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path, method, headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const INITIALIZE = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

async function connect(key: string): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const client = new Client({ name: 'waybill-http-e2e', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(url, { requestInit: { headers: bearer(key) } });
  await client.connect(transport);
  return { client, transport };
}

describe('waybill mcp --http (Streamable HTTP)', () => {
  it('answers 401 without a key or with an unknown one, pointing at its protected-resource metadata', async () => {
    const none = await raw('POST', '/mcp', INITIALIZE);
    expect(none.status).toBe(401);
    expect(String(none.headers['www-authenticate'])).toContain('resource_metadata="http://127.0.0.1:');
    expect((await raw('POST', '/mcp', INITIALIZE, bearer('wb_not_a_key'))).status).toBe(401);
    const metadata = await raw('GET', '/.well-known/oauth-protected-resource/mcp', '');
    expect(JSON.parse(metadata.body)).toMatchObject({ resource: url.href, bearer_methods_supported: ['header'] });
    const client = new Client({ name: 'no-key', version: '1' });
    await expect(client.connect(new StreamableHTTPClientTransport(url))).rejects.toThrow();
  });

  it('binds to loopback and serves the tools to the SDK client over one session, as the key\'s tenant', async () => {
    expect(url.hostname).toBe('127.0.0.1');
    expect(url.pathname).toBe('/mcp');
    const { client, transport } = await connect(operatorKey);
    expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('cancel_shipment');
    const price = await client.callTool({ name: 'calc_delivery', arguments: { origin: 'Odesa', destination: 'Kharkiv', weight_kg: 8, service: 'express' } });
    expect(price.structuredContent).toMatchObject({ status: 'ok', price_uah: 611 });
    const foreign = await client.callTool({ name: 'track_shipment', arguments: { tracking_id: 'TTN-000015' } });
    expect(foreign.structuredContent).toEqual({ status: 'error', problems: ['tracking_id: no shipment TTN-000015'] });
    await transport.terminateSession();
    await client.close();
  });

  it('cancels only with a grant: approval_required first, exactly once after approval, never with the grant again', async () => {
    const { client, transport } = await connect(operatorKey);
    const args = { tracking_id: 'TTN-000004', reason: 'Клієнт відмовився', refund_uah: 720 };
    const asked = await client.callTool({ name: 'cancel_shipment', arguments: args });
    expect(asked.isError).toBe(true);
    const { approval_id: id } = asked.structuredContent as { approval_id: string };
    const store = SqliteDomainStore.open(dbPath);
    try {
      expect(await store.countCancellations('TTN-000004')).toBe(0);
      await decideApproval(store, { approvalId: id, decision: 'approve', decidedBy: 'e2e' });
      // Another tenant's key cannot use the grant.
      const other = await connect(globexKey);
      const stolen = await other.client.callTool({ name: 'cancel_shipment', arguments: { ...args, approval_id: id } });
      expect(stolen.structuredContent).toEqual({ status: 'error', problems: ['tracking_id: no shipment TTN-000004'] });
      await other.client.close();
      const done = await client.callTool({ name: 'cancel_shipment', arguments: { ...args, approval_id: id } });
      expect(done.structuredContent).toMatchObject({ status: 'ok', refund_uah: 720 });
      // The identical retry (a client that lost the answer) replays; the grant on any other call is refused.
      const again = await client.callTool({ name: 'cancel_shipment', arguments: { ...args, approval_id: id } });
      expect(again.structuredContent).toMatchObject({ status: 'ok', refund_uah: 720, replayed: true });
      const reused = await client.callTool({ name: 'cancel_shipment', arguments: { ...args, idempotency_key: 'another-key', approval_id: id } });
      expect((reused.structuredContent as { problems: string[] }).problems[0]).toMatch(/was already used/);
      expect(await store.countCancellations('TTN-000004')).toBe(1);
      const calls = await store.audit.list({ subject: 'cancel_shipment' });
      expect(calls.map((e) => [e.tenant, e.body.channel, e.body.status])).toEqual([
        ['default', 'http', 'approval_required'],
        ['globex', 'http', 'error'],
        ['default', 'http', 'ok'],
        ['default', 'http', 'ok'],
        ['default', 'http', 'error'],
      ]);
      expect((await store.audit.verify()).ok).toBe(true);
    } finally {
      await store.close();
    }
    await transport.terminateSession();
    await client.close();
  });

  it('offers logging, resources, prompts and completions; asks an eliciting client for the decision; links point at WAYBILL_PUBLIC_URL', async () => {
    const { client } = await connect(operatorKey);
    expect(client.getServerCapabilities()).toMatchObject({ logging: {}, resources: {}, prompts: {}, completions: {} });
    const policies = (await client.listResources()).resources;
    expect(policies.some((r) => r.uri === 'waybill://policies/refunds-policy')).toBe(true);
    const refunds = await client.readResource({ uri: 'waybill://policies/refunds-policy' });
    expect((refunds.contents[0] as { text: string }).text.length).toBeGreaterThan(100);
    expect((await client.getPrompt({ name: 'track', arguments: { tracking_id: 'TTN-000005' } })).messages[0]?.content).toMatchObject({ type: 'resource' });
    expect((await client.complete({ ref: { type: 'ref/prompt', name: 'track' }, argument: { name: 'tracking_id', value: 'TTN-00001' } })).completion.values).toContain('TTN-000012');
    const asked = await client.callTool({ name: 'cancel_shipment', arguments: { tracking_id: 'TTN-000012', reason: 'e2e link', refund_uah: 100 } });
    expect((asked.structuredContent as { decide: { console: string } }).decide.console).toBe(`${PUBLIC_URL}/console#approvals`);
    await client.close();

    const eliciting = new Client({ name: 'eliciting', version: '1' }, { capabilities: { elicitation: { form: {} } } });
    eliciting.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: { decision: 'approve' } }));
    await eliciting.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: bearer(operatorKey) } }));
    const done = await eliciting.callTool({ name: 'cancel_shipment', arguments: { tracking_id: 'TTN-000012', reason: 'e2e link', refund_uah: 100 } });
    expect(done.structuredContent).toMatchObject({ status: 'ok', tracking_id: 'TTN-000012', refund_uah: 100 });
    await eliciting.close();
  });

  it('answers an empty batch and other invalid envelopes with a JSON-RPC error, not an empty 202', async () => {
    for (const body of ['[]', '[1]', '{"id":1,"method":"ping"}', '"text"']) {
      const answer = await raw('POST', '/mcp', body, bearer(operatorKey));
      expect(answer.status, body).toBe(400);
      expect(JSON.parse(answer.body), body).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 } });
    }
  });

  it('refuses a foreign Host header (DNS rebinding), other paths, bad JSON and unknown or foreign sessions', async () => {
    expect((await raw('POST', '/mcp', INITIALIZE, { host: 'evil.example:80', ...bearer(operatorKey) })).status).toBe(403);
    expect((await raw('POST', '/other', INITIALIZE, bearer(operatorKey))).status).toBe(404);
    const broken = await raw('POST', '/mcp', '{"jsonrpc":', bearer(operatorKey));
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.body)).toMatchObject({ error: { code: -32700 } });
    expect((await raw('POST', '/mcp', INITIALIZE, { 'mcp-session-id': 'no-such-session', ...bearer(operatorKey) })).status).toBe(404);
    const opened = await raw('POST', '/mcp', INITIALIZE, bearer(operatorKey));
    expect(opened.status).toBe(200);
    const session = String(opened.headers['mcp-session-id']);
    // A session belongs to the key that opened it.
    expect((await raw('POST', '/mcp', '{"jsonrpc":"2.0","id":2,"method":"tools/list"}', { 'mcp-session-id': session, ...bearer(globexKey) })).status).toBe(404);
  });
});

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { ElicitResult, LoggingMessageNotification } from '@modelcontextprotocol/sdk/types.js';
import { ElicitRequestSchema, LoggingMessageNotificationSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../domain/index.js';
import { SqliteDomainStore } from '../domain/index.js';
import { BUNDLED_CORPUS_DIR, policyLibrary } from '../knowledge/index.js';
import { fixedClock } from '../testing/fixed-clock.js';
import type { WaybillMcpServerOptions } from './create-mcp-server.js';
import { createWaybillMcpServer } from './create-mcp-server.js';
import type { RunningHttpServer } from './serve-http.js';
import { serveHttp } from './serve-http.js';
import { silentLogger } from './stderr-logger.js';

/*
 * The MCP conformance scenarios (@modelcontextprotocol/conformance) of every capability the server
 * claims, driven with the official SDK client over both transports: in memory, and Streamable HTTP
 * against a real server on a local port. (The conformance runner itself needs Node 22; these are its
 * checks, pointed at Waybill's own tools, resources and prompts instead of its test fixtures.)
 */

const CALLERS = {
  operator: { tenant: 'default', role: 'operator', principal: 'key_operator', channel: 'http' },
  viewer: { tenant: 'default', role: 'viewer', principal: 'key_viewer', channel: 'http' },
  globex: { tenant: 'globex', role: 'operator', principal: 'key_globex', channel: 'http' },
} satisfies Record<string, Caller>;
type Who = keyof typeof CALLERS;

const PUBLIC_URL = 'https://ops.example.test/waybill';

interface ConnectOptions {
  /** Declares the elicitation capability and answers every question with this. */
  elicit?: () => ElicitResult;
}

interface Harness {
  store: SqliteDomainStore;
  connect(who: Who, options?: ConnectOptions): Promise<Client>;
  close(): Promise<void>;
}

function newClient(options: ConnectOptions): Client {
  const client = new Client({ name: 'conformance', version: '1' }, options.elicit ? { capabilities: { elicitation: { form: {} } } } : {});
  const answer = options.elicit;
  if (answer) client.setRequestHandler(ElicitRequestSchema, () => answer());
  return client;
}

function serverOptions(store: SqliteDomainStore): Omit<WaybillMcpServerOptions, 'caller'> {
  return { store, now: fixedClock(), policyDocuments: policyLibrary({ corpusDir: BUNDLED_CORPUS_DIR }) };
}

async function inMemoryHarness(): Promise<Harness> {
  const store = SqliteDomainStore.open(':memory:');
  const open: Array<() => Promise<void>> = [];
  return {
    store,
    async connect(who, options = {}) {
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      const server = createWaybillMcpServer({ ...serverOptions(store), caller: CALLERS[who], approvals: { grants: 'required', publicUrl: PUBLIC_URL } });
      const client = newClient(options);
      await server.connect(serverSide);
      await client.connect(clientSide);
      open.push(() => client.close(), () => server.close());
      return client;
    },
    async close() {
      for (const done of open.splice(0)) await done();
      await store.close();
    },
  };
}

async function httpHarness(): Promise<Harness> {
  const store = SqliteDomainStore.open(':memory:');
  const keys = new Map<string, Caller>(Object.entries(CALLERS).map(([who, caller]) => [`key-${who}`, caller]));
  const server: RunningHttpServer = await serveHttp({ ...serverOptions(store), logger: silentLogger, port: 0, verifyKey: (key) => keys.get(key), publicUrl: PUBLIC_URL });
  const clients: Client[] = [];
  return {
    store,
    async connect(who, options = {}) {
      const client = newClient(options);
      await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { authorization: `Bearer key-${who}` } } }));
      clients.push(client);
      return client;
    },
    async close() {
      for (const client of clients.splice(0)) await client.close();
      await server.close();
      await store.close();
    },
  };
}

/** The JSON-RPC error a request was answered with (the SDK client throws it as McpError). */
async function rpcError(request: Promise<unknown>): Promise<{ code: number; message: string; data: unknown }> {
  const error = await request.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(McpError);
  const { code, message, data } = error as McpError;
  return { code, message, data };
}

function collectLogs(client: Client): LoggingMessageNotification['params'][] {
  const seen: LoggingMessageNotification['params'][] = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
    seen.push(notification.params);
  });
  return seen;
}

const structured = (result: object) => (result as { structuredContent?: unknown }).structuredContent as Record<string, unknown>;

describe.each([
  ['in memory', inMemoryHarness],
  ['Streamable HTTP on a local port', httpHarness],
])('MCP conformance over %s', (_transport, open) => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await open();
  });
  afterAll(async () => {
    await harness.close();
  });

  describe('server-initialize, ping', () => {
    it('advertises exactly the capabilities it serves, and answers ping', async () => {
      const client = await harness.connect('operator');
      expect(client.getServerVersion()?.name).toBe('waybill');
      expect(client.getServerCapabilities()).toEqual({
        tools: { listChanged: false },
        logging: {},
        resources: { listChanged: false },
        prompts: { listChanged: false },
        completions: {},
      });
      expect(await client.ping()).toEqual({});
    });
  });

  describe('tools', () => {
    it('tools-call with an unknown tool: JSON-RPC -32602 naming the tools there are, not a tool result', async () => {
      const client = await harness.connect('operator');
      const error = await rpcError(client.callTool({ name: 'delete_everything', arguments: {} }));
      expect(error.code).toBe(-32602);
      expect(error.message).toContain('"delete_everything"');
      expect(error.data).toEqual({ tool: 'delete_everything', available: ['track_shipment', 'check_stock', 'calc_delivery', 'cancel_shipment'] });
      // The session keeps serving.
      expect(structured(await client.callTool({ name: 'track_shipment', arguments: { tracking_id: 'TTN-000001' } }))).toMatchObject({ status: 'ok' });
      const audited = await harness.store.audit.list({ limit: 50 });
      expect(audited.some((entry) => entry.subject === 'delete_everything' && entry.body.status === 'error')).toBe(true);
    });
  });

  describe('logging', () => {
    it('logging-set-level accepts every level; logging-invalid-level answers -32602', async () => {
      const client = await harness.connect('operator');
      for (const level of ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const) expect(await client.setLoggingLevel(level)).toEqual({});
      const error = await rpcError(client.request({ method: 'logging/setLevel', params: { level: 'banana' } } as never, (await import('@modelcontextprotocol/sdk/types.js')).EmptyResultSchema));
      expect(error.code).toBe(-32602);
      expect(error.message).toMatch(/level must be one of debug, info/);
    });

    it('logging-threshold-filtering: tool calls are reported at and above the level set, nothing below', async () => {
      const client = await harness.connect('operator');
      const logs = collectLogs(client);
      await client.setLoggingLevel('debug');
      await client.callTool({ name: 'track_shipment', arguments: { tracking_id: 'TTN-000001' } });
      await client.callTool({ name: 'track_shipment', arguments: { tracking_id: 'TTN-1' } });
      expect(logs.map((l) => [l.level, (l.data as { event: string }).event, (l.data as { status?: string }).status])).toEqual([
        ['debug', 'tool.start', undefined],
        ['info', 'tool.call', 'ok'],
        ['debug', 'tool.start', undefined],
        ['warning', 'tool.call', 'error'],
      ]);
      expect(logs[1]).toMatchObject({ logger: 'waybill', data: { tool: 'track_shipment', via: 'tools/call' } });
      expect(logs[3]?.data).toMatchObject({ problems: [expect.stringMatching(/^tracking_id: /)] });

      logs.length = 0;
      await client.setLoggingLevel('warning');
      await client.callTool({ name: 'track_shipment', arguments: { tracking_id: 'TTN-000001' } });
      await client.callTool({ name: 'calc_delivery', arguments: { origin: 'Paris', destination: 'Kyiv', weight_kg: 1, service: 'express' } });
      expect(logs.map((l) => l.level)).toEqual(['warning']);
      expect(logs[0]?.data).toMatchObject({ tool: 'calc_delivery', status: 'error' });
    });
  });

  describe('resources', () => {
    it('resources-list: each policy the caller may read, with uri, name and mime type; a viewer sees customer documents only', async () => {
      const operator = await harness.connect('operator');
      const { resources } = await operator.listResources();
      expect(resources.length).toBeGreaterThan(10);
      for (const resource of resources) {
        expect(resource.uri).toMatch(/^waybill:\/\/policies\/[a-z0-9._-]+$/);
        expect(resource.name).toBeTruthy();
        expect(resource.mimeType).toBe('text/markdown');
      }
      const viewer = await harness.connect('viewer');
      const seen = (await viewer.listResources()).resources;
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.length).toBeLessThan(resources.length);
      expect(seen.every((r) => /scope customer,/.test(r.description ?? ''))).toBe(true);
      const internal = resources.find((r) => /scope internal,/.test(r.description ?? ''));
      expect(internal).toBeDefined();
      // What a role may not list it may not read either: the same answer as for a URI that names nothing.
      const refused = await rpcError(viewer.readResource({ uri: internal?.uri ?? '' }));
      expect(refused).toMatchObject({ code: -32602, data: { uri: internal?.uri } });
    });

    it('resources-templates-list: the shipment template', async () => {
      const client = await harness.connect('operator');
      const { resourceTemplates } = await client.listResourceTemplates();
      expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(['waybill://shipments/{tracking_id}', 'waybill://policies/{doc_id}']);
      expect(resourceTemplates[0]).toMatchObject({ name: 'shipment', mimeType: 'application/json' });
    });

    it('resources-read-text: a policy document as Markdown', async () => {
      const client = await harness.connect('operator');
      const { contents } = await client.readResource({ uri: 'waybill://policies/refunds-policy' });
      expect(contents).toHaveLength(1);
      expect(contents[0]).toMatchObject({ uri: 'waybill://policies/refunds-policy', mimeType: 'text/markdown' });
      expect(String((contents[0] as { text: string }).text).length).toBeGreaterThan(100);
    });

    it('resources-templates-read: a shipment by tracking id (normalised), as track_shipment answers it, audited as a read', async () => {
      const client = await harness.connect('operator');
      const { contents } = await client.readResource({ uri: 'waybill://shipments/ttn-000005' });
      expect(contents[0]).toMatchObject({ uri: 'waybill://shipments/ttn-000005', mimeType: 'application/json' });
      const shipment = JSON.parse((contents[0] as { text: string }).text) as Record<string, unknown>;
      expect(shipment).toMatchObject({ status: 'ok', tracking_id: 'TTN-000005', shipment_status: 'delayed' });
      const audited = await harness.store.audit.list({ limit: 50 });
      expect(audited.some((entry) => entry.subject === 'track_shipment' && entry.body.via === 'resource' && entry.body.caller === 'key_operator')).toBe(true);
    });

    it('resource not found (SEP-2164): -32602 with the uri; another tenant’s shipment answers exactly like an unknown one', async () => {
      const client = await harness.connect('operator');
      for (const uri of ['waybill://nothing/here', 'not a uri', 'waybill://policies/no-such-doc']) {
        expect(await rpcError(client.readResource({ uri }))).toMatchObject({ code: -32602, data: { uri } });
      }
      const foreign = await rpcError(client.readResource({ uri: 'waybill://shipments/TTN-000015' }));
      const unknown = await rpcError(client.readResource({ uri: 'waybill://shipments/TTN-999999' }));
      expect(foreign.code).toBe(-32602);
      expect(foreign.message.replaceAll('000015', 'X')).toBe(unknown.message.replaceAll('999999', 'X'));
      const owner = await harness.connect('globex');
      expect((await owner.readResource({ uri: 'waybill://shipments/TTN-000015' })).contents).toHaveLength(1);
    });
  });

  describe('prompts', () => {
    it('prompts-list: name, title, description and arguments; the cancel workflow only for roles that may cancel', async () => {
      const operator = await harness.connect('operator');
      const { prompts } = await operator.listPrompts();
      expect(prompts.map((p) => p.name)).toEqual(['track', 'quote', 'cancel']);
      for (const prompt of prompts) expect(prompt.description).toBeTruthy();
      expect(prompts.find((p) => p.name === 'quote')?.arguments?.map((a) => [a.name, a.required])).toEqual([
        ['origin', true],
        ['destination', true],
        ['weight_kg', true],
        ['service', true],
      ]);
      const viewer = await harness.connect('viewer');
      expect((await viewer.listPrompts()).prompts.map((p) => p.name)).toEqual(['track', 'quote']);
      expect((await rpcError(viewer.getPrompt({ name: 'cancel', arguments: { tracking_id: 'TTN-000004', refund_uah: '720', reason: 'refused' } }))).code).toBe(-32602);
    });

    it('prompts-get-with-args: the arguments are in the messages', async () => {
      const client = await harness.connect('operator');
      const { messages } = await client.getPrompt({ name: 'quote', arguments: { origin: 'Odesa', destination: 'Kharkiv', weight_kg: '8', service: 'Express' } });
      expect(messages).toHaveLength(1);
      expect(messages[0]?.role).toBe('user');
      const text = (messages[0]?.content as { text: string }).text;
      expect(text).toContain('{"origin":"Odesa","destination":"Kharkiv","weight_kg":8,"service":"express"}');
    });

    it('prompts-get-embedded-resource: track embeds the caller’s shipment; a foreign or unknown id and bad arguments are -32602', async () => {
      const client = await harness.connect('operator');
      const { messages } = await client.getPrompt({ name: 'track', arguments: { tracking_id: 'TTN-000005' } });
      expect(messages[0]?.content).toMatchObject({ type: 'resource', resource: { uri: 'waybill://shipments/TTN-000005', mimeType: 'application/json' } });
      expect((messages[1]?.content as { text: string }).text).toContain('TTN-000005');
      expect((await rpcError(client.getPrompt({ name: 'track', arguments: { tracking_id: 'TTN-000015' } }))).code).toBe(-32602);
      expect((await rpcError(client.getPrompt({ name: 'quote', arguments: { origin: 'Paris', destination: 'Kyiv', weight_kg: '1', service: 'express' } }))).code).toBe(-32602);
      expect((await rpcError(client.getPrompt({ name: 'no_such_prompt' }))).code).toBe(-32602);
      const cancel = await client.getPrompt({ name: 'cancel', arguments: { tracking_id: 'ttn-000004', refund_uah: '720', reason: 'customer refused' } });
      expect((cancel.messages[1]?.content as { text: string }).text).toContain('{"tracking_id":"TTN-000004","reason":"customer refused","refund_uah":720}');
    });
  });

  describe('completions', () => {
    it('completion-complete: tracking ids of the caller’s tenant only, for prompts and the resource template', async () => {
      const operator = await harness.connect('operator');
      const ids = await operator.complete({ ref: { type: 'ref/prompt', name: 'track' }, argument: { name: 'tracking_id', value: 'ttn-00001' } });
      expect(ids.completion.values).toEqual(['TTN-000010', 'TTN-000011', 'TTN-000012', 'TTN-000013', 'TTN-000014']);
      const globex = await harness.connect('globex');
      const theirs = await globex.complete({ ref: { type: 'ref/resource', uri: 'waybill://shipments/{tracking_id}' }, argument: { name: 'tracking_id', value: 'TTN' } });
      expect(theirs.completion.values).toEqual(['TTN-000015', 'TTN-000016']);
      expect((await globex.complete({ ref: { type: 'ref/prompt', name: 'track' }, argument: { name: 'tracking_id', value: '00000' } })).completion.values).toEqual([]);
      expect((await operator.complete({ ref: { type: 'ref/prompt', name: 'track' }, argument: { name: 'tracking_id', value: 'SKU-1' } })).completion.values).toEqual([]);
    });

    it('completion-complete: cities in the script typed, services, policy ids', async () => {
      const client = await harness.connect('operator');
      const complete = async (name: string, value: string) => (await client.complete({ ref: { type: 'ref/prompt', name: 'quote' }, argument: { name, value } })).completion.values;
      expect(await complete('origin', 'od')).toEqual(['Odesa']);
      expect(await complete('destination', 'Х')).toEqual(['Харків']);
      expect(await complete('destination', '')).toEqual(['Київ', 'Львів', 'Одеса', 'Харків', 'Дніпро']);
      expect(await complete('service', 'ov')).toEqual(['overnight']);
      const docs = await client.complete({ ref: { type: 'ref/resource', uri: 'waybill://policies/{doc_id}' }, argument: { name: 'doc_id', value: 'refunds-' } });
      expect(docs.completion.values).toEqual(expect.arrayContaining(['refunds-policy', 'refunds-timelines']));
      expect((await rpcError(client.complete({ ref: { type: 'ref/prompt', name: 'nope' }, argument: { name: 'x', value: '' } }))).code).toBe(-32602);
    });
  });

  describe('elicitation (the approval decision)', () => {
    const cancel = (tracking_id: string, refund_uah: number) => ({ name: 'cancel_shipment', arguments: { tracking_id, reason: 'customer refused', refund_uah } });

    it('a client without the capability gets approval_required with links from the configured public URL', async () => {
      const client = await harness.connect('operator');
      const result = structured(await client.callTool(cancel('TTN-000014', 100)));
      expect(result).toMatchObject({ status: 'approval_required', decide: { console: `${PUBLIC_URL}/console#approvals` } });
      expect((result.decide as { http: string }).http).toBe(`POST ${PUBLIC_URL}/v1/approvals/${String(result.approval_id)} {"decision":"approve"}`);
    });

    it('an approval in the client is recorded as that caller’s decision, and the call runs once on its grant', async () => {
      const questions: string[] = [];
      const client = await harness.connect('operator', {
        elicit: () => {
          questions.push('asked');
          return { action: 'accept', content: { decision: 'approve', reason: 'checked with the customer' } };
        },
      });
      const result = await client.callTool(cancel('TTN-000004', 720));
      expect(result.isError).toBe(false);
      expect(structured(result)).toMatchObject({ status: 'ok', tracking_id: 'TTN-000004', shipment_status: 'cancelled', refund_uah: 720, replayed: false });
      expect(questions).toHaveLength(1);
      const [approval] = await harness.store.approvals.list({ tenant: 'default', status: 'approved' });
      expect(approval?.decision).toMatchObject({ kind: 'approve', decidedBy: 'mcp-elicitation:http:key_operator', reason: 'checked with the customer' });
      expect(approval?.grant?.consumedBy).toBeTruthy();
      expect(await harness.store.countCancellations('TTN-000004')).toBe(1);
      expect((await harness.store.audit.verify()).ok).toBe(true);
    });

    it('a rejection in the client cancels nothing and says so', async () => {
      const client = await harness.connect('operator', { elicit: () => ({ action: 'accept', content: { decision: 'reject', reason: 'not the owner' } }) });
      const result = await client.callTool(cancel('TTN-000012', 100));
      expect(result.isError).toBe(true);
      expect(structured(result)).toEqual({ status: 'error', problems: [expect.stringMatching(/^approval_id: apr_\S+ was rejected \(not the owner\); nothing was cancelled$/)] });
      expect(await harness.store.countCancellations('TTN-000012')).toBe(0);
    });

    it('a declined question decides nothing: the approval stays pending and the link is the way', async () => {
      const client = await harness.connect('operator', { elicit: () => ({ action: 'decline' }) });
      const result = structured(await client.callTool(cancel('TTN-000014', 100)));
      expect(result).toMatchObject({ status: 'approval_required', decide: { console: `${PUBLIC_URL}/console#approvals` } });
      expect((await harness.store.approvals.get(String(result.approval_id)))?.status).toBe('pending');
      expect(await harness.store.countCancellations('TTN-000014')).toBe(0);
    });
  });
});

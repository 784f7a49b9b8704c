import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { DomainStore } from '../domain/index.js';
import { createWaybillMcpServer } from './create-mcp-server.js';
import { readJsonBody } from './read-json-body.js';
import type { Logger } from './stderr-logger.js';

export interface HttpServeOptions {
  store: DomainStore;
  logger: Logger;
  /** Loopback by default: the domain has no auth of its own, so exposing it is an explicit choice. */
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Largest accepted JSON-RPC body. */
  maxBodyBytes?: number;
}

export interface RunningHttpServer {
  url: string;
  close(): Promise<void>;
}

const MCP_PATH = '/mcp';
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

/**
 * Serves MCP over Streamable HTTP at `/mcp`, one SDK transport and server per session (the
 * `mcp-session-id` header), so a client keeps one warm session across tool calls.
 */
export async function serveHttp(options: HttpServeOptions): Promise<RunningHttpServer> {
  const { store, logger, host = '127.0.0.1', port = 8788, maxBodyBytes = 4 * 1024 * 1024 } = options;
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  let allowedHosts: string[] | undefined;

  const httpServer: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      logger.error('mcp http request failed', { error: error instanceof Error ? error.message : String(error) });
      if (!response.headersSent) sendJsonRpcError(response, 500, -32603, 'internal error');
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== MCP_PATH) return sendJsonRpcError(response, 404, -32601, `not found: MCP is served at ${MCP_PATH}`);
    const sessionId = request.headers['mcp-session-id'];
    let body: unknown;
    if (request.method === 'POST') {
      const parsed = await readJsonBody(request, maxBodyBytes);
      if (!parsed.success) return sendJsonRpcError(response, parsed.status, -32700, parsed.message);
      body = parsed.value;
    }
    if (typeof sessionId === 'string') {
      const transport = sessions.get(sessionId);
      if (!transport) return sendJsonRpcError(response, 404, -32001, 'session not found: initialize a new one');
      return transport.handleRequest(request, response, body);
    }
    if (request.method !== 'POST') return sendJsonRpcError(response, 400, -32000, 'missing mcp-session-id header');
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => {
        sessions.set(id, transport);
        logger.info('mcp session opened', { session: id });
      },
      ...(allowedHosts && { enableDnsRebindingProtection: true, allowedHosts }),
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    const server = createWaybillMcpServer({ store, logger });
    await server.connect(transport);
    await transport.handleRequest(request, response, body);
    // Anything but a valid initialize leaves no session behind; drop the server that was made for it.
    if (!transport.sessionId) await server.close();
  }

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(port, host, () => resolve());
  });
  const address = httpServer.address() as AddressInfo;
  if (LOOPBACK.has(host)) {
    // Rebinding protection: a web page must not reach a loopback server through a name it controls.
    allowedHosts = [`127.0.0.1:${address.port}`, `localhost:${address.port}`, `[::1]:${address.port}`];
  }
  const url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}${MCP_PATH}`;
  return {
    url,
    close: async () => {
      await Promise.all([...sessions.values()].map((t) => t.close()));
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}

function sendJsonRpcError(response: ServerResponse, status: number, code: number, message: string): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

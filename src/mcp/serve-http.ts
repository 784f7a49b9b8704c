import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { ServerType } from '@hono/node-server';
import { MethodNotAllowedError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { OAuthProtectedResourceMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import type { Caller } from '../domain/index.js';
import { CALLER_ROLES } from '../domain/index.js';
import { checkEnvelope } from './check-envelope.js';
import type { WaybillMcpServerOptions } from './create-mcp-server.js';
import { createWaybillMcpServer } from './create-mcp-server.js';
import { jsonRpcError } from './json-rpc-error.js';
import { loopbackHostCheck } from './loopback-host-check.js';
import { readJsonBody } from './read-json-body.js';
import type { McpHttpEnv } from './require-api-key.js';
import { requireApiKey } from './require-api-key.js';
import type { Logger } from './stderr-logger.js';

export interface HttpServeOptions extends Omit<WaybillMcpServerOptions, 'caller' | 'approvals' | 'logger'> {
  logger: Logger;
  /**
   * Resolves a bearer API key to the caller it stands for (tenant and role from the key store), or
   * undefined for an unknown or revoked key. Every request is checked, not only the first of a session.
   * May answer asynchronously (the key store may be PostgreSQL).
   */
  verifyKey: (key: string) => Caller | undefined | Promise<Caller | undefined>;
  /** Loopback by default: exposing the domain beyond this machine is an explicit choice. */
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Largest accepted JSON-RPC body. */
  maxBodyBytes?: number;
  /** A session unused this long is closed. Default 10 minutes. */
  sessionIdleMs?: number;
  /** Open sessions one key may hold; a further `initialize` closes the key's least recently used one. Default 16. */
  maxSessionsPerKey?: number;
  /** Refunds up to this many UAH are approved automatically (decision `auto`). Default: never. */
  autoApproveUpToUah?: number;
  /** Base URL of `waybill serve` as people reach it: where approval links point (default its own default address). */
  publicUrl?: string;
}

export interface RunningHttpServer {
  url: string;
  /** The protected-resource metadata document (RFC 9728) that 401 answers point at. */
  resourceMetadataUrl: string;
  /** Closes sessions idle for longer than the limit now (also runs on a timer); returns how many. */
  sweepIdleSessions(): Promise<number>;
  openSessions(): number;
  close(): Promise<void>;
}

interface Session {
  transport: WebStandardStreamableHTTPServerTransport;
  server: McpServer;
  keyId: string;
  lastSeen: number;
}

const MCP_PATH = '/mcp';
// RFC 9728: the metadata of the resource at /mcp lives at the path-specific well-known URL.
const METADATA_PATH = `/.well-known/oauth-protected-resource${MCP_PATH}`;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

/**
 * Serves MCP over Streamable HTTP at `/mcp` from Hono, with the MCP SDK's web-standard transport: a
 * bearer API key on every request (with the protected-resource metadata its 401 points to), one SDK
 * transport and server per session bound to the key that opened it, sessions capped per key and closed
 * when idle, and JSON-RPC envelopes checked before the transport sees them. Irreversible calls need a grant.
 */
export async function serveHttp(options: HttpServeOptions): Promise<RunningHttpServer> {
  const { logger, verifyKey, host = '127.0.0.1', port = 8788, maxBodyBytes = 4 * 1024 * 1024, sessionIdleMs = 10 * 60_000, maxSessionsPerKey = 16 } = options;
  const sessions = new Map<string, Session>();
  const clock = () => Date.now();
  let resourceUrl = new URL(`http://127.0.0.1${MCP_PATH}`);
  const resourceMetadataUrl = () => new URL(METADATA_PATH, resourceUrl).href;

  // Not strict: `/mcp/` is `/mcp`, as it was under Express.
  const app = new Hono<McpHttpEnv>({ strict: false });
  // Rebinding protection: a web page must not reach a loopback server through a name it controls.
  if (LOOPBACK.has(host)) app.use(loopbackHostCheck());
  // Open to any origin, as the SDK's metadata handler is, so browser-based MCP clients can discover auth.
  app.use(METADATA_PATH, cors());
  app.get(METADATA_PATH, (c) => {
    const metadata: OAuthProtectedResourceMetadata = { resource: resourceUrl.href, bearer_methods_supported: ['header'], scopes_supported: [...CALLER_ROLES], resource_name: 'Waybill MCP server' };
    return c.json(metadata);
  });
  app.all(METADATA_PATH, (c) => c.json(new MethodNotAllowedError(`The method ${c.req.method} is not allowed for this endpoint`).toResponseObject(), 405, { allow: 'GET, OPTIONS' }));
  app.use(MCP_PATH, requireApiKey(verifyKey, resourceMetadataUrl));
  app.use(MCP_PATH, bodyLimit({ maxSize: maxBodyBytes, onError: () => jsonRpcError(413, -32700, `request body is over ${maxBodyBytes} bytes`) }));
  app.all(MCP_PATH, (c) => handle(c.req.raw, c.get('caller'), c.get('authInfo')));
  app.notFound(() => jsonRpcError(404, -32601, `not found: MCP is served at ${MCP_PATH}`));
  app.onError((error) => {
    if (error instanceof HTTPException) return error.getResponse();
    logger.error('mcp http request failed', { error: error.message });
    return jsonRpcError(500, -32603, 'internal error');
  });

  async function handle(request: Request, caller: Caller, authInfo: AuthInfo): Promise<Response> {
    const sessionId = request.headers.get('mcp-session-id') ?? undefined;
    let parsedBody: unknown;
    if (request.method === 'POST') {
      const parsed = await readJsonBody(request);
      if (!parsed.success) return jsonRpcError(400, -32700, parsed.message);
      const envelope = checkEnvelope(parsed.value);
      if (!envelope.ok) return jsonRpcError(400, -32600, envelope.message);
      parsedBody = parsed.value;
    }
    if (sessionId !== undefined) {
      const session = sessions.get(sessionId);
      // A session belongs to the key that opened it; to any other key it does not exist.
      if (!session || session.keyId !== caller.principal) return jsonRpcError(404, -32001, 'session not found: initialize a new one');
      session.lastSeen = clock();
      return session.transport.handleRequest(request, { parsedBody, authInfo });
    }
    if (request.method !== 'POST') return jsonRpcError(400, -32000, 'missing mcp-session-id header');
    const held = [...sessions.entries()].filter(([, s]) => s.keyId === caller.principal).sort(([, a], [, b]) => a.lastSeen - b.lastSeen);
    // At the cap, the key's least recently used session makes room: memory stays bounded, and a client
    // that still used it gets 404 and initializes again, as the protocol expects.
    for (const [id, stale] of held.slice(0, Math.max(0, held.length - maxSessionsPerKey + 1))) {
      sessions.delete(id);
      await stale.server.close();
      logger.info('mcp session evicted (cap per key)', { session: id, key: caller.principal });
    }
    const server = createWaybillMcpServer({ ...options, caller, approvals: { grants: 'required', ...(options.autoApproveUpToUah !== undefined && { autoApproveUpToUah: options.autoApproveUpToUah }), ...(options.publicUrl && { publicUrl: options.publicUrl }) } });
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, server, keyId: caller.principal, lastSeen: clock() });
        logger.info('mcp session opened', { session: id, tenant: caller.tenant, key: caller.principal });
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    const response = await transport.handleRequest(request, { parsedBody, authInfo });
    // Anything but a valid initialize leaves no session behind (its answer is already whole); drop the server made for it.
    if (!transport.sessionId) await server.close();
    return response;
  }

  async function sweepIdleSessions(): Promise<number> {
    const cutoff = clock() - sessionIdleMs;
    const idle = [...sessions.entries()].filter(([, s]) => s.lastSeen <= cutoff);
    for (const [id, session] of idle) {
      sessions.delete(id);
      await session.server.close();
      logger.info('mcp session expired', { session: id });
    }
    return idle.length;
  }

  const { httpServer, address } = await new Promise<{ httpServer: ServerType; address: AddressInfo }>((resolve, reject) => {
    // With the adapter's defaults, as `serveWaybill` serves the API: its global Request/Response stand in
    // for Node's (and pass their instanceof checks), which hono/body-limit needs to re-wrap a chunked body.
    const listening = serve({ fetch: app.fetch, hostname: host, port }, (info) => resolve({ httpServer: listening, address: info }));
    listening.once('error', reject);
  });
  const url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}${MCP_PATH}`;
  resourceUrl = new URL(url);
  const sweeper = setInterval(() => void sweepIdleSessions(), Math.max(1000, Math.min(sessionIdleMs, 60_000)));
  sweeper.unref();
  return {
    url,
    resourceMetadataUrl: resourceMetadataUrl(),
    sweepIdleSessions,
    openSessions: () => sessions.size,
    close: async () => {
      clearInterval(sweeper);
      await Promise.all([...sessions.values()].map((s) => s.server.close()));
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}

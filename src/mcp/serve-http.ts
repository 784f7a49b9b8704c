import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { metadataHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/metadata.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { getOAuthProtectedResourceMetadataUrl } from '@modelcontextprotocol/sdk/server/auth/router.js';
import { localhostHostValidation } from '@modelcontextprotocol/sdk/server/middleware/hostHeaderValidation.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import express from 'express';
import type { Request, Response } from 'express';
import type { Caller } from '../domain/index.js';
import { CALLER_ROLES } from '../domain/index.js';
import { checkEnvelope } from './check-envelope.js';
import type { WaybillMcpServerOptions } from './create-mcp-server.js';
import { createWaybillMcpServer } from './create-mcp-server.js';
import { readJsonBody } from './read-json-body.js';
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
  consoleUrl?: string;
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
  transport: StreamableHTTPServerTransport;
  server: McpServer;
  keyId: string;
  lastSeen: number;
}

const MCP_PATH = '/mcp';
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);
// API keys do not expire by time (they are revoked); the SDK's middleware wants an expiry, so a verified
// key is valid for this long, and it is verified again on every request anyway.
const VERIFIED_FOR_SECONDS = 300;

/**
 * Serves MCP over Streamable HTTP at `/mcp`: a bearer API key on every request (the MCP SDK's
 * bearer-auth middleware, with the protected-resource metadata it points to), one SDK transport and
 * server per session bound to the key that opened it, sessions capped per key and closed when idle,
 * and JSON-RPC envelopes checked before the transport sees them. Irreversible calls need a grant.
 */
export async function serveHttp(options: HttpServeOptions): Promise<RunningHttpServer> {
  const { logger, verifyKey, host = '127.0.0.1', port = 8788, maxBodyBytes = 4 * 1024 * 1024, sessionIdleMs = 10 * 60_000, maxSessionsPerKey = 16 } = options;
  const sessions = new Map<string, Session>();
  const clock = () => Date.now();
  const app = express();
  app.disable('x-powered-by');
  // Rebinding protection: a web page must not reach a loopback server through a name it controls.
  if (LOOPBACK.has(host)) app.use(localhostHostValidation());

  let resourceUrl = new URL(`http://127.0.0.1${MCP_PATH}`);
  const verifier = {
    verifyAccessToken: async (token: string): Promise<AuthInfo> => {
      const caller = await verifyKey(token);
      if (!caller) throw new InvalidTokenError('this API key is unknown or revoked (make one with: waybill keys create --tenant T --role operator)');
      return { token, clientId: caller.principal, scopes: [caller.role], expiresAt: Math.floor(clock() / 1000) + VERIFIED_FOR_SECONDS, extra: { caller } };
    },
  };
  // RFC 9728: the metadata of the resource at /mcp lives at the path-specific well-known URL.
  app.use(`/.well-known/oauth-protected-resource${MCP_PATH}`, (request, response, next) => {
    const metadata = { resource: resourceUrl.href, bearer_methods_supported: ['header'], scopes_supported: [...CALLER_ROLES], resource_name: 'Waybill MCP server' };
    metadataHandler(metadata)(request, response, next);
  });
  const bearer = (request: Request, response: Response, next: express.NextFunction) =>
    requireBearerAuth({ verifier, resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(resourceUrl) })(request, response, next);
  app.all(MCP_PATH, bearer, (request, response) => {
    handle(request, response).catch((error: unknown) => {
      logger.error('mcp http request failed', { error: error instanceof Error ? error.message : String(error) });
      if (!response.headersSent) sendJsonRpcError(response, 500, -32603, 'internal error');
    });
  });
  app.use((_request: Request, response: Response) => sendJsonRpcError(response, 404, -32601, `not found: MCP is served at ${MCP_PATH}`));

  async function handle(request: Request, response: Response): Promise<void> {
    const caller = (request.auth?.extra as { caller?: Caller } | undefined)?.caller;
    if (!caller) return sendJsonRpcError(response, 401, -32001, 'unauthenticated');
    const sessionId = request.header('mcp-session-id');
    let body: unknown;
    if (request.method === 'POST') {
      const parsed = await readJsonBody(request, maxBodyBytes);
      if (!parsed.success) return sendJsonRpcError(response, parsed.status, -32700, parsed.message);
      const envelope = checkEnvelope(parsed.value);
      if (!envelope.ok) return sendJsonRpcError(response, 400, -32600, envelope.message);
      body = parsed.value;
    }
    if (sessionId !== undefined) {
      const session = sessions.get(sessionId);
      // A session belongs to the key that opened it; to any other key it does not exist.
      if (!session || session.keyId !== caller.principal) return sendJsonRpcError(response, 404, -32001, 'session not found: initialize a new one');
      session.lastSeen = clock();
      return session.transport.handleRequest(request, response, body);
    }
    if (request.method !== 'POST') return sendJsonRpcError(response, 400, -32000, 'missing mcp-session-id header');
    const held = [...sessions.entries()].filter(([, s]) => s.keyId === caller.principal).sort(([, a], [, b]) => a.lastSeen - b.lastSeen);
    // At the cap, the key's least recently used session makes room: memory stays bounded, and a client
    // that still used it gets 404 and initializes again, as the protocol expects.
    for (const [id, stale] of held.slice(0, Math.max(0, held.length - maxSessionsPerKey + 1))) {
      sessions.delete(id);
      await stale.server.close();
      logger.info('mcp session evicted (cap per key)', { session: id, key: caller.principal });
    }
    const server = createWaybillMcpServer({ ...options, caller, approvals: { grants: 'required', ...(options.autoApproveUpToUah !== undefined && { autoApproveUpToUah: options.autoApproveUpToUah }), ...(options.consoleUrl && { consoleUrl: options.consoleUrl }) } });
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
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
    await transport.handleRequest(request, response, body);
    // Anything but a valid initialize leaves no session behind; drop the server that was made for it.
    if (!transport.sessionId) await server.close();
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

  const httpServer: Server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(port, host, (error?: Error) => (error ? reject(error) : resolve(listening)));
  });
  const address = httpServer.address() as AddressInfo;
  const url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}${MCP_PATH}`;
  resourceUrl = new URL(url);
  const sweeper = setInterval(() => void sweepIdleSessions(), Math.max(1000, Math.min(sessionIdleMs, 60_000)));
  sweeper.unref();
  return {
    url,
    resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(resourceUrl),
    sweepIdleSessions,
    openSessions: () => sessions.size,
    close: async () => {
      clearInterval(sweeper);
      await Promise.all([...sessions.values()].map((s) => s.server.close()));
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}

function sendJsonRpcError(response: Response, status: number, code: number, message: string): void {
  response.status(status).type('application/json').send(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ApiError } from '../api-error.js';
import { PACKAGE_VERSION } from '../../mcp/index.js';
import { RUNTIME_DECISIONS } from '../runtime-decisions.js';
import type { ServerDeps } from '../server-deps.js';
import type { ServerEnv } from '../server-env.js';
import { authenticateProtocolClient } from './authenticate-protocol-client.js';
import { checkAssistant } from './begin-protocol-run.js';
import { protocolRunRoutes } from './protocol-run-routes.js';
import { SearchAssistantsBody } from './protocol-schemas.js';
import { pickFields } from './pick-fields.js';
import { readProtocolBody } from './read-protocol-body.js';
import { protocolThreadRoutes } from './protocol-thread-routes.js';
import { assistantView } from './protocol-views.js';

/** Every path the protocol answers; each takes an API key. */
const PROTOCOL_PATHS = ['/ok', '/info', '/assistants/*', '/threads', '/threads/*', '/runs', '/runs/*'] as const;

/**
 * The subset of LangGraph's Agent Protocol that the official SDK, `useStream` and chat UIs use, over
 * Waybill's kernel (docs/agent-protocol.md): `/ok`, `/info`, assistants (one: the served runtime),
 * threads and runs with SSE streaming, behind the same API keys, tenants and roles as `/v1`.
 */
export function agentProtocolRoutes(deps: ServerDeps, maxBodyBytes: number): Hono<ServerEnv> {
  const app = new Hono<ServerEnv>();
  const createdAt = new Date().toISOString();
  const assistant = () => assistantView(deps.opened.name, deps.opened.modelName, createdAt);
  // Only the protocol's own paths: the app is mounted at the root, next to /v1, /console and /healthz.
  const auth = authenticateProtocolClient(deps.keys);
  const limit = bodyLimit({
    maxSize: maxBodyBytes,
    onError: () => {
      throw new ApiError('body_too_large', `the request body is over the limit of ${maxBodyBytes} bytes`);
    },
  });
  for (const path of PROTOCOL_PATHS) app.use(path, limit, auth);

  app.get('/ok', (c) => c.json({ ok: true }));
  app.get('/info', (c) => c.json({ version: PACKAGE_VERSION, flags: { assistants: true, crons: false, langsmith: false }, waybill: { runtime: deps.opened.name, model: deps.opened.modelName, decisions: RUNTIME_DECISIONS[deps.opened.name] } }));

  app.post('/assistants/search', async (c) => {
    const body = await readProtocolBody(c, SearchAssistantsBody, { emptyIsObject: true });
    const one = assistant();
    const metadata: Record<string, unknown> = one.metadata;
    const matches = (!body.graph_id || body.graph_id === one.graph_id) && (!body.name || body.name === one.name) && Object.entries(body.metadata ?? {}).every(([k, v]) => JSON.stringify(metadata[k]) === JSON.stringify(v));
    // One assistant: any sort order gives it; a page past it is empty.
    const page = matches ? [one].slice(body.offset ?? 0, (body.offset ?? 0) + (body.limit ?? 10)) : [];
    return c.json(page.map((a) => pickFields(a, body.select)));
  });
  app.get('/assistants/:assistant_id', (c) => {
    checkAssistant(deps, c.req.param('assistant_id'));
    return c.json(assistant());
  });

  app.route('/', protocolThreadRoutes(deps));
  app.route('/', protocolRunRoutes(deps));
  return app;
}

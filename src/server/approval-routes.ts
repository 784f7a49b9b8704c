import { Hono } from 'hono';
import type { Decision } from '../runtimes/index.js';
import { requireRole } from './authenticate.js';
import { decideApproval } from './decide-approval.js';
import { listPendingApprovals } from './list-pending-approvals.js';
import { readJsonBody } from './read-json-body.js';
import { DecisionBody } from './request-schemas.js';
import type { ServerDeps } from './server-deps.js';
import type { ServerEnv } from './server-env.js';

/** Pending approvals of the caller's tenant, and deciding one (operator role). */
export function approvalRoutes(deps: ServerDeps): Hono<ServerEnv> {
  const app = new Hono<ServerEnv>();

  app.get('/approvals', async (c) => c.json({ approvals: await listPendingApprovals(deps.opened, c.get('principal').tenant) }));

  app.post('/approvals/:id', requireRole('operator'), async (c) => {
    const body = await readJsonBody(c, DecisionBody);
    const principal = c.get('principal');
    // Journaled as the key's name and id, so the audit trail says which credential decided.
    const by = `${principal.name} (${principal.keyId})`;
    const decision: Decision =
      body.decision === 'edit' ? { type: 'edit', by, args: body.args ?? {} } : body.decision === 'reject' ? { type: 'reject', by, reason: body.reason ?? '' } : { type: 'approve', by };
    return c.json(await decideApproval(deps, principal.tenant, c.req.param('id'), decision));
  });

  return app;
}

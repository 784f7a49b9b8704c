import { Hono } from 'hono';
import type { Decision } from '../runtimes/index.js';
import { pausedRunForApproval } from '../telemetry/index.js';
import { requireRole } from './authenticate.js';
import { answerDecision } from './answer-decision.js';
import { decideApprovalAnswer } from './decide-approval.js';
import { listPendingApprovals } from './list-pending-approvals.js';
import { readJsonBody } from './read-json-body.js';
import { DecisionBody } from './request-schemas.js';
import type { ServerDeps } from './server-deps.js';
import type { ServerEnv } from './server-env.js';
import { decideStoredApproval, isStoredApprovalId, listStoredApprovals } from './stored-approvals.js';

/** Pending approvals of the caller's tenant, and deciding one (operator role). */
export function approvalRoutes(deps: ServerDeps): Hono<ServerEnv> {
  const app = new Hono<ServerEnv>();

  // Paused runs, then approvals filed at the MCP boundary by callers without a grant.
  app.get('/approvals', async (c) => {
    const { tenant } = c.get('principal');
    const paused = await listPendingApprovals(deps.opened, tenant);
    // A paused run's own approval request is listed once, as the run.
    const ofRuns = new Set(paused.map((p) => p.approval_id));
    const stored = (await listStoredApprovals(deps.opened.domain, tenant)).filter((a) => !ofRuns.has(a.id));
    return c.json({ approvals: [...paused, ...stored] });
  });

  app.post('/approvals/:id', requireRole('operator'), async (c) => {
    const body = await readJsonBody(c, DecisionBody);
    const principal = c.get('principal');
    // Journaled as the key's name and id, so the audit trail says which credential decided.
    const by = `${principal.name} (${principal.keyId})`;
    const param = c.req.param('id');
    // An approval filed for a paused run is decided as that run: the run resumes and finishes.
    const ofRun = isStoredApprovalId(param) ? await pausedRunForApproval(deps.opened.runs, param, principal.tenant) : undefined;
    const id = ofRun?.run_id ?? param;
    if (isStoredApprovalId(id)) {
      return c.json(await decideStoredApproval(deps.opened.domain, { tenant: principal.tenant, approvalId: id, decision: body.decision, by: `http:${by}`, ...(body.args && { args: body.args }), ...(body.reason !== undefined && { reason: body.reason }) }));
    }
    const decision: Decision =
      body.decision === 'edit' ? { type: 'edit', by, args: body.args ?? {} } : body.decision === 'reject' ? { type: 'reject', by, reason: body.reason ?? '' } : { type: 'approve', by };
    return answerDecision(c, await decideApprovalAnswer(deps, principal.tenant, id, decision));
  });

  return app;
}

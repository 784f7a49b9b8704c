import { Hono } from 'hono';
import type { Decision } from '../runtimes/index.js';
import { ApiError } from './api-error.js';
import { answerDecision } from './answer-decision.js';
import { decideApprovalAnswer } from './decide-approval.js';
import { escapeHtml } from './escape-html.js';
import type { ServerDeps } from './server-deps.js';

const page = (title: string, body: string) =>
  `<!doctype html><html lang="uk"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title>` +
  `<style>body{font:16px system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem}button{font-size:1rem;padding:.5rem 1rem}</style></head><body>${body}</body></html>`;

/**
 * One-time approve/reject links sent by approval webhooks. The token is the credential, so these routes
 * sit outside API-key auth. GET only shows a confirmation page (mail scanners and chat previews fetch
 * links), POST decides; a link works once, and its sibling dies with it (410 afterwards).
 */
export function linkRoutes(deps: ServerDeps): Hono {
  const app = new Hono();

  app.get('/links/:token', async (c) => {
    const lookup = await deps.webhooks.peek(c.req.param('token'));
    if (!lookup.found) return c.html(page('Not found', '<h1>This link is not valid.</h1>'), 404);
    if (!lookup.usable) return c.html(page('Link used', '<h1>This link was already used or has expired.</h1>'), 410);
    const { decision, runId } = lookup.link;
    return c.html(
      page(
        'Confirm',
        `<h1>${decision === 'approve' ? 'Approve' : 'Reject'} the pending action of ${escapeHtml(runId)}?</h1>` +
          `<form method="post"><button type="submit">${decision === 'approve' ? 'Approve' : 'Reject'}</button></form>`,
      ),
    );
  });

  app.post('/links/:token', async (c) => {
    const lookup = await deps.webhooks.redeem(c.req.param('token'));
    if (!lookup.found) throw new ApiError('not_found', 'this link is not valid');
    if (!lookup.usable) throw new ApiError('link_used', 'this link was already used or has expired');
    const { link } = lookup;
    const by = 'approval webhook link';
    const decision: Decision = link.decision === 'approve' ? { type: 'approve', by } : { type: 'reject', by, reason: 'rejected through the approval webhook link' };
    const answer = await decideApprovalAnswer(deps, link.tenant, link.runId, decision);
    if ((c.req.header('accept') ?? '').includes('text/html')) {
      if (answer.kind === 'queued') return c.html(page('Queued', `<h1>Decided: the resume is queued</h1><p>Job ${escapeHtml(answer.resume.job_id)}; a worker resumes the run.</p>`), 202);
      return c.html(page('Done', `<h1>Done: ${escapeHtml(answer.record.stop_reason)}</h1><p>${escapeHtml(answer.record.answer)}</p>`));
    }
    return answerDecision(c, answer);
  });

  return app;
}

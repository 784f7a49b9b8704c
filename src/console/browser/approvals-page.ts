import { api } from './api.js';
import type { DecisionRecord, Me, PendingApproval } from './api-types.js';
import { W } from './console-state.js';
import { fmtTime } from './format.js';
import { h } from './h.js';
import { refreshPending } from './router.js';
import { errorBox, link, show } from './widgets.js';

const ORIGIN_TEXT: Record<string, string> = {
  user_request: 'the user’s own request',
  tool_result: 'a tool result the run fetched',
  third_party: 'third-party text (a shipment note, a retrieved passage)',
  model: 'none of these: the model’s own words',
};

/** Where each argument came from, so the human sees what the user asked for and what data suggested. */
function originsOf(a: PendingApproval): HTMLDivElement | null {
  const origins = a.origins;
  if (!origins) return null;
  const rows = Object.keys(a.args).map((name) => {
    const origin = origins[name];
    return h('tr', { 'data-origin': origin || 'unknown', class: origin === 'third_party' ? 'third-party' : '' },
      h('td', {}, name), h('td', {}, JSON.stringify(a.args[name])), h('td', {}, origin ? (ORIGIN_TEXT[origin] || origin) : 'not traced'));
  });
  return h('div', { class: 'origins' },
    a.third_party_target ? h('p', { class: 'error flag', role: 'alert' }, 'Flagged: the target was named only in third-party text, not by the user.') : null,
    h('table', { class: 'origins' }, h('thead', {}, h('tr', {}, h('th', {}, 'argument'), h('th', {}, 'value'), h('th', {}, 'came from'))), h('tbody', {}, rows)));
}

/** Who asked and when: a paused run links to its run, an MCP request shows its id and expiry. */
function requested(a: PendingApproval): HTMLParagraphElement {
  if (a.source === 'mcp') return h('p', { class: 'muted' }, `Requested ${fmtTime(a.requested_at)} at the MCP boundary · ${a.id} · expires ${fmtTime(a.expires_at)}`);
  return h('p', { class: 'muted' }, `Requested ${fmtTime(a.requested_at)} · thread ${a.thread_id} · `, link(`#/runs/${encodeURIComponent(a.run_id)}`, a.run_id));
}

/** A viewer may see what waits for a decision but not take it: the server would refuse with 403, so the controls are left out rather than offered. */
function viewerCard(a: PendingApproval): HTMLDivElement {
  return h('div', { class: 'card approval', 'data-approval': a.id },
    h('h2', {}, `${a.agent} → ${a.tool}`),
    h('p', { class: 'muted' }, `Requested ${fmtTime(a.requested_at)} · thread ${a.thread_id} · `, link(`#/runs/${encodeURIComponent(a.run_id)}`, a.run_id)),
    h('p', {}, a.answer),
    originsOf(a),
    h('pre', { class: 'args' }, JSON.stringify(a.args, null, 2)));
}

/** One pending action with approve, approve with edited arguments, and reject with a reason. */
function approvalCard(a: PendingApproval, me: Me): HTMLDivElement {
  if (me.role === 'viewer') return viewerCard(a);
  const args = h('textarea', { class: 'edit-args', rows: 5 }, JSON.stringify(a.args, null, 2));
  const reason = h('input', { class: 'reject-reason', placeholder: 'reason (needed to reject)', size: 40 });
  const status = h('div', { class: 'decision-status' });
  const buttons = (disabled: boolean) => card.querySelectorAll('button').forEach((b) => { b.disabled = disabled; });
  async function decide(body: Record<string, unknown>): Promise<void> {
    status.replaceChildren(h('p', { class: 'muted' }, 'Deciding…'));
    buttons(true);
    try {
      const record = await api<DecisionRecord>('POST', `/v1/approvals/${encodeURIComponent(a.id)}`, body);
      if (a.source === 'mcp') status.replaceChildren(h('p', { class: 'notice', role: 'status' }, `Decided: ${record.approval.status}. The MCP caller may now repeat its call with this approval id; it runs once.`));
      else if (record.status === 'queued') status.replaceChildren(h('p', { class: 'notice', role: 'status' }, `Decided: the resume is queued (job ${record.job_id ?? '?'}); a worker resumes the run. `, link(`#/runs/${encodeURIComponent(record.run_id)}`, 'Open the resumed run once it is recorded')));
      else status.replaceChildren(h('p', { class: 'notice', role: 'status' }, `Decided: ${record.stop_reason}. `, link(`#/runs/${encodeURIComponent(record.run_id)}`, 'Open the resumed run and its journal')));
      void refreshPending();
    } catch (e) {
      status.replaceChildren(errorBox(e));
      buttons(false);
    }
  }
  const approve = (): void => void decide({ decision: 'approve' });
  const approveEdited = (): void => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(args.value);
    } catch (e) {
      return status.replaceChildren(errorBox(`the arguments are not valid JSON: ${(e as Error).message}`));
    }
    void decide({ decision: 'edit', args: parsed });
  };
  const reject = (): void => {
    if (!reason.value.trim()) return status.replaceChildren(errorBox('write a reason to reject'));
    void decide({ decision: 'reject', reason: reason.value.trim() });
  };
  const card = h('div', { class: 'card approval', 'data-approval': a.id },
    h('h2', {}, `${a.agent} → ${a.tool}`),
    requested(a),
    h('p', {}, a.answer),
    originsOf(a),
    h('label', {}, 'Arguments (edit them to approve with changes)', args),
    h('div', { class: 'row' },
      h('button', { type: 'button', class: 'approve', onclick: approve }, 'Approve'),
      h('button', { type: 'button', class: 'secondary edit', onclick: approveEdited }, 'Approve with edits'),
      reason,
      h('button', { type: 'button', class: 'danger reject', onclick: reject }, 'Reject')),
    status);
  return card;
}

/** The tenant's actions waiting for a decision. */
W.pages.approvals = async function (_params, me) {
  const data = await api<{ approvals: PendingApproval[] }>('GET', '/v1/approvals');
  show(h('h1', {}, 'Approvals'),
    me.role === 'viewer' ? h('p', { class: 'muted' }, 'Your key is a viewer: deciding needs the operator role.') : null,
    data.approvals.length ? h('div', { id: 'approvals' }, data.approvals.map((a) => approvalCard(a, me))) : h('p', { class: 'muted', id: 'no-approvals' }, 'Nothing waits for a decision.'));
};

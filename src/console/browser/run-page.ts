import { api } from './api.js';
import type { RunEvent, RunRecord, TreeNode } from './api-types.js';
import { W } from './console-state.js';
import { fmtMs, fmtTime, fmtUsd } from './format.js';
import { h } from './h.js';
import { route } from './router.js';
import { errorBox, json, link, pill, show } from './widgets.js';

/** One agent of the delegation tree with its tool calls, and the agents it delegated to below it. */
function treeNode(node: TreeNode): HTMLLIElement {
  const tools = node.tools.map((t) => h('li', {}, 'tool ', h('code', {}, t.tool), ' ', pill(t.status), ` ${fmtMs(t.duration_ms)}`));
  return h('li', { 'data-agent': node.agent },
    h('strong', {}, node.agent), node.task_id ? h('span', { class: 'muted' }, ` ${node.task_id}`) : null, ' ', pill(node.status),
    node.confidence ? h('span', { class: 'muted' }, ` · confidence ${node.confidence}`) : null,
    node.reason ? h('span', { class: 'error' }, ` · ${node.reason}`) : null,
    h('span', { class: 'muted' }, ` · ${node.model_calls} model call(s) · ${node.tokens} tokens · ${fmtMs(node.time_ms)}`),
    node.flags.length ? h('div', { class: 'error' }, node.flags.join('; ')) : null,
    h('ul', { class: 'tree' }, tools, node.children.map(treeNode)));
}

const headRow = (titles: string[]): HTMLTableSectionElement => h('thead', {}, h('tr', {}, titles.map((t) => h('th', {}, t))));

/** A run: its figures, answer, pending action or decision, live steps, delegation tree, tool calls and journal. */
W.pages.run = async function (params) {
  const id = params[0] ?? '';
  const record = await api<RunRecord>('GET', `/v1/runs/${encodeURIComponent(id)}`);
  if (record.status === 'running' || record.status === 'failed') {
    // A background run has no record yet: look again until it has one, while its page is still open.
    if (record.status === 'running') setTimeout(() => { if (location.hash.indexOf(id) >= 0) void route(); }, 500);
    return show(h('h1', {}, `Run ${id}`), pill(record.status), record.error ? errorBox(record.error) : null);
  }
  const [{ tree }, { events }] = await Promise.all([
    api<{ tree: TreeNode }>('GET', `/v1/runs/${encodeURIComponent(id)}/tree`),
    api<{ events: RunEvent[] }>('GET', `/v1/runs/${encodeURIComponent(id)}/events`),
  ]);
  const kv = h('dl', { class: 'kv' },
    ([['Status', pill(record.status)], ['Stop reason', h('code', { id: 'stop-reason' }, record.stop_reason)], ['Tenant', record.tenant], ['Thread', record.thread_id], ['Request id', record.request_id],
      ['Started', fmtTime(record.started_at)], ['Duration', fmtMs(record.duration_ms)], ['Steps', String(record.steps)],
      ['Tokens', `${record.usage.prompt_tokens} + ${record.usage.completion_tokens}`], ['Cost', h('span', { id: 'run-cost' }, fmtUsd(record.usage.usd))]] as const)
      .map(([term, value]) => [h('dt', {}, term), h('dd', {}, value)]));
  const calls = h('table', { id: 'tool-calls' }, headRow(['Agent', 'Tool', 'Arguments', 'Status', 'Duration']),
    h('tbody', {}, record.tool_calls.length
      ? record.tool_calls.map((c) => h('tr', {}, h('td', {}, c.agent), h('td', {}, h('code', {}, c.tool)), h('td', {}, json(c.args)), h('td', {}, pill(c.status)), h('td', { class: 'num' }, fmtMs(c.duration_ms))))
      : h('tr', {}, h('td', { colspan: 5, class: 'muted' }, 'No tool calls.'))));
  const journal = h('table', { id: 'journal' }, headRow(['Time', 'Agent', 'Event', 'Tool', 'Status', 'Detail']),
    h('tbody', {}, events.map((e) => h('tr', { 'data-type': e.type }, h('td', {}, fmtTime(e.ts)), h('td', {}, e.agent), h('td', {}, h('code', {}, e.type)), h('td', {}, e.tool || ''), h('td', {}, pill(e.status)), h('td', {}, h('pre', {}, e.detail || ''))))));
  const pending = record.pending ? h('div', { class: 'card' }, h('h2', {}, 'Awaiting approval'), h('p', {}, `${record.pending.agent} wants ${record.pending.tool}`), json(record.pending.args), link('#/approvals', 'Open the approvals queue')) : null;
  const decided = record.approval;
  const approval = decided ? h('div', { class: 'card', id: 'approval' }, h('h2', {}, 'Decision'), h('p', {}, `${decided.decision} by ${decided.by} at ${fmtTime(decided.at)}${decided.reason ? `: ${decided.reason}` : ''}`), decided.args ? json(decided.args) : null) : null;
  show(h('h1', {}, `Run ${record.run_id}`),
    h('div', { class: 'grid2' }, h('div', { class: 'card' }, kv), h('div', { class: 'card' }, h('h2', {}, 'Answer'), h('p', { id: 'answer' }, record.answer))),
    pending, approval,
    W.lastLive && W.lastLive.runId === record.run_id ? h('div', { class: 'card' }, h('h2', {}, 'Steps as they happened'), W.lastLive.steps) : null,
    h('div', { class: 'card' }, h('h2', {}, 'Delegation tree'), h('ul', { class: 'tree root', id: 'tree' }, treeNode(tree))),
    h('h2', {}, 'Tool calls'), calls, h('h2', {}, 'Journal'), journal,
    h('p', {}, link(`#/runs?request_id=${encodeURIComponent(record.request_id)}`, 'All runs of this request')));
};

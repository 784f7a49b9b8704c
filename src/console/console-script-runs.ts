/** Console JS, part 2: the runs list with filters and an ask form, and the run detail page. */
export const CONSOLE_SCRIPT_RUNS = String.raw`
var STATUSES = ['', 'finished', 'awaiting_approval', 'decided', 'stopped'];

W.pages.runs = async function (params) {
  if (params[0]) return W.pages.run(params);
  var q = new URLSearchParams((location.hash.split('?')[1]) || '');
  var status = h('select', { id: 'f-status', name: 'status' }, STATUSES.map(function (s) { return h('option', { value: s, selected: q.get('status') === s }, s || 'any'); }));
  var stop = h('input', { id: 'f-stop', name: 'stop_reason', placeholder: 'e.g. operator_kill', value: q.get('stop_reason') || '' });
  var req = h('input', { id: 'f-request', name: 'request_id', placeholder: 'request id', value: q.get('request_id') || '' });
  var since = h('input', { id: 'f-since', name: 'since', type: 'datetime-local', value: q.get('since') || '' });
  var until = h('input', { id: 'f-until', name: 'until', type: 'datetime-local', value: q.get('until') || '' });
  var filters = h('form', { class: 'card row', id: 'filters' },
    h('label', {}, 'Status', status), h('label', {}, 'Stop reason', stop), h('label', {}, 'Request id', req),
    h('label', {}, 'Since', since), h('label', {}, 'Until', until), h('button', { type: 'submit', class: 'secondary' }, 'Filter'));
  filters.addEventListener('submit', function (ev) {
    ev.preventDefault();
    var next = new URLSearchParams();
    [['status', status.value], ['stop_reason', stop.value.trim()], ['request_id', req.value.trim()], ['since', since.value], ['until', until.value]].forEach(function (p) { if (p[1]) next.set(p[0], p[1]); });
    location.hash = '#/runs?' + next.toString();
  });

  var input = h('textarea', { id: 'ask-input', placeholder: 'Де зараз посилка TTN-000001?  ·  Скасуй TTN-000004, клієнт відмовився, поверни 720 грн', maxlength: 16000 });
  var thread = h('input', { id: 'ask-thread', placeholder: 'thread id (optional)' });
  var askStatus = h('div', { id: 'ask-status' });
  var askForm = h('form', { class: 'card', id: 'ask' }, h('h2', {}, 'Ask'), input, h('div', { class: 'row' }, h('label', {}, 'Thread', thread), h('button', { type: 'submit', id: 'ask-submit' }, 'Run')), askStatus);
  askForm.addEventListener('submit', async function (ev) {
    ev.preventDefault();
    var body = { input: input.value };
    if (thread.value.trim()) body.thread_id = thread.value.trim();
    // Watched live: each step is listed as the kernel records it, then the run page opens.
    var steps = h('ol', { id: 'live-steps', class: 'live' });
    askStatus.replaceChildren(h('p', { class: 'muted' }, 'Running…'), steps);
    try {
      var runId = await W.liveAsk(body.input, body.thread_id, steps);
      W.lastLive = { runId: runId, steps: steps };
      location.hash = '#/runs/' + encodeURIComponent(runId);
    } catch (e) { askStatus.replaceChildren(steps, W.errorBox(e)); }
  });

  var query = new URLSearchParams();
  q.forEach(function (v, k) { query.set(k, (k === 'since' || k === 'until') ? new Date(v).toISOString() : v); });
  query.set('limit', '100');
  var list;
  try { list = await W.api('GET', '/v1/runs?' + query.toString()); } catch (e) { return W.show(h('h1', {}, 'Runs'), askForm, filters, W.errorBox(e)); }
  var rows = list.runs.map(function (r) {
    return h('tr', { 'data-run': r.run_id },
      h('td', {}, W.fmtTime(r.started_at)),
      h('td', {}, W.link('#/runs/' + encodeURIComponent(r.run_id), r.run_id.slice(0, 14) + '…')),
      h('td', {}, W.pill(r.status)), h('td', {}, h('code', {}, r.stop_reason)),
      h('td', {}, r.tool_calls.map(function (c) { return c.tool; }).join(', ')),
      h('td', { class: 'num' }, String(r.usage.prompt_tokens + r.usage.completion_tokens)),
      h('td', { class: 'num' }, W.fmtUsd(r.usage.usd)), h('td', { class: 'num' }, W.fmtMs(r.duration_ms)),
      h('td', {}, r.answer.length > 90 ? r.answer.slice(0, 90) + '…' : r.answer));
  });
  var table = h('table', { id: 'runs-table' },
    h('thead', {}, h('tr', {}, ['Started (UTC)', 'Run', 'Status', 'Stop reason', 'Tools', 'Tokens', 'Cost', 'Duration', 'Answer'].map(function (t) { return h('th', {}, t); }))),
    h('tbody', {}, rows.length ? rows : h('tr', {}, h('td', { colspan: 9, class: 'muted' }, 'No runs match.'))));
  W.show(h('h1', {}, 'Runs'), W.me.role === 'viewer' ? null : askForm, filters, table, list.skipped ? h('p', { class: 'error' }, list.skipped + ' stored run(s) could not be read') : null);
};

function treeNode(node) {
  var tools = node.tools.map(function (t) { return h('li', {}, 'tool ', h('code', {}, t.tool), ' ', W.pill(t.status), ' ' + W.fmtMs(t.duration_ms)); });
  return h('li', { 'data-agent': node.agent },
    h('strong', {}, node.agent), node.task_id ? h('span', { class: 'muted' }, ' ' + node.task_id) : null, ' ', W.pill(node.status),
    node.confidence ? h('span', { class: 'muted' }, ' · confidence ' + node.confidence) : null,
    node.reason ? h('span', { class: 'error' }, ' · ' + node.reason) : null,
    h('span', { class: 'muted' }, ' · ' + node.model_calls + ' model call(s) · ' + node.tokens + ' tokens · ' + W.fmtMs(node.time_ms)),
    node.flags.length ? h('div', { class: 'error' }, node.flags.join('; ')) : null,
    h('ul', { class: 'tree' }, tools, node.children.map(treeNode)));
}

W.pages.run = async function (params) {
  var id = params[0];
  var record = await W.api('GET', '/v1/runs/' + encodeURIComponent(id));
  if (record.status === 'running' || record.status === 'failed') {
    if (record.status === 'running') setTimeout(function () { if (location.hash.indexOf(id) >= 0) W.route(); }, 500);
    return W.show(h('h1', {}, 'Run ' + id), W.pill(record.status), record.error ? W.errorBox(record.error) : null);
  }
  var results = await Promise.all([W.api('GET', '/v1/runs/' + encodeURIComponent(id) + '/tree'), W.api('GET', '/v1/runs/' + encodeURIComponent(id) + '/events')]);
  var tree = results[0].tree, events = results[1].events;
  var kv = h('dl', { class: 'kv' },
    [['Status', W.pill(record.status)], ['Stop reason', h('code', { id: 'stop-reason' }, record.stop_reason)], ['Tenant', record.tenant], ['Thread', record.thread_id], ['Request id', record.request_id],
     ['Started', W.fmtTime(record.started_at)], ['Duration', W.fmtMs(record.duration_ms)], ['Steps', String(record.steps)],
     ['Tokens', record.usage.prompt_tokens + ' + ' + record.usage.completion_tokens], ['Cost', h('span', { id: 'run-cost' }, W.fmtUsd(record.usage.usd))]]
      .map(function (p) { return [h('dt', {}, p[0]), h('dd', {}, p[1])]; }));
  var calls = h('table', { id: 'tool-calls' }, h('thead', {}, h('tr', {}, ['Agent', 'Tool', 'Arguments', 'Status', 'Duration'].map(function (t) { return h('th', {}, t); }))),
    h('tbody', {}, record.tool_calls.length ? record.tool_calls.map(function (c) {
      return h('tr', {}, h('td', {}, c.agent), h('td', {}, h('code', {}, c.tool)), h('td', {}, W.json(c.args)), h('td', {}, W.pill(c.status)), h('td', { class: 'num' }, W.fmtMs(c.duration_ms)));
    }) : h('tr', {}, h('td', { colspan: 5, class: 'muted' }, 'No tool calls.'))));
  var journal = h('table', { id: 'journal' }, h('thead', {}, h('tr', {}, ['Time', 'Agent', 'Event', 'Tool', 'Status', 'Detail'].map(function (t) { return h('th', {}, t); }))),
    h('tbody', {}, events.map(function (e) {
      return h('tr', { 'data-type': e.type }, h('td', {}, W.fmtTime(e.ts)), h('td', {}, e.agent), h('td', {}, h('code', {}, e.type)), h('td', {}, e.tool || ''), h('td', {}, W.pill(e.status)), h('td', {}, h('pre', {}, e.detail || '')));
    })));
  var pending = record.pending ? h('div', { class: 'card' }, h('h2', {}, 'Awaiting approval'), h('p', {}, record.pending.agent + ' wants ' + record.pending.tool), W.json(record.pending.args), W.link('#/approvals', 'Open the approvals queue')) : null;
  var approval = record.approval ? h('div', { class: 'card', id: 'approval' }, h('h2', {}, 'Decision'), h('p', {}, record.approval.decision + ' by ' + record.approval.by + ' at ' + W.fmtTime(record.approval.at) + (record.approval.reason ? ': ' + record.approval.reason : '')), record.approval.args ? W.json(record.approval.args) : null) : null;
  W.show(h('h1', {}, 'Run ' + record.run_id),
    h('div', { class: 'grid2' }, h('div', { class: 'card' }, kv), h('div', { class: 'card' }, h('h2', {}, 'Answer'), h('p', { id: 'answer' }, record.answer))),
    pending, approval,
    W.lastLive && W.lastLive.runId === record.run_id ? h('div', { class: 'card' }, h('h2', {}, 'Steps as they happened'), W.lastLive.steps) : null,
    h('div', { class: 'card' }, h('h2', {}, 'Delegation tree'), h('ul', { class: 'tree root', id: 'tree' }, treeNode(tree))),
    h('h2', {}, 'Tool calls'), calls, h('h2', {}, 'Journal'), journal,
    h('p', {}, W.link('#/runs?request_id=' + encodeURIComponent(record.request_id), 'All runs of this request')));
};
`;

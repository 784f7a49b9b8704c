import { api } from './api.js';
import type { RunList } from './api-types.js';
import { W } from './console-state.js';
import { fmtMs, fmtTime, fmtUsd } from './format.js';
import { h } from './h.js';
import { liveAsk } from './live-ask.js';
import { errorBox, link, pill, show } from './widgets.js';

const STATUSES = ['', 'finished', 'awaiting_approval', 'decided', 'stopped'];

/** The ask form: the run is watched live, each step listed as the kernel records it, then its page opens. */
function askForm(): HTMLFormElement {
  const input = h('textarea', { id: 'ask-input', placeholder: 'Де зараз посилка TTN-000001?  ·  Скасуй TTN-000004, клієнт відмовився, поверни 720 грн', maxlength: 16000 });
  const thread = h('input', { id: 'ask-thread', placeholder: 'thread id (optional)' });
  const askStatus = h('div', { id: 'ask-status' });
  const form = h('form', { class: 'card', id: 'ask' }, h('h2', {}, 'Ask'), input, h('div', { class: 'row' }, h('label', {}, 'Thread', thread), h('button', { type: 'submit', id: 'ask-submit' }, 'Run')), askStatus);
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const threadId = thread.value.trim() || undefined;
    const steps = h('ol', { id: 'live-steps', class: 'live' });
    askStatus.replaceChildren(h('p', { class: 'muted' }, 'Running…'), steps);
    try {
      const runId = await liveAsk(input.value, threadId, steps);
      W.lastLive = { runId, steps };
      location.hash = `#/runs/${encodeURIComponent(runId)}`;
    } catch (e) {
      askStatus.replaceChildren(steps, errorBox(e));
    }
  });
  return form;
}

/** The filter form, filled from the hash's query; submitting it writes the filters back to the hash. */
function filterForm(q: URLSearchParams): HTMLFormElement {
  const status = h('select', { id: 'f-status', name: 'status' }, STATUSES.map((s) => h('option', { value: s, selected: q.get('status') === s }, s || 'any')));
  const stop = h('input', { id: 'f-stop', name: 'stop_reason', placeholder: 'e.g. operator_kill', value: q.get('stop_reason') || '' });
  const req = h('input', { id: 'f-request', name: 'request_id', placeholder: 'request id', value: q.get('request_id') || '' });
  const since = h('input', { id: 'f-since', name: 'since', type: 'datetime-local', value: q.get('since') || '' });
  const until = h('input', { id: 'f-until', name: 'until', type: 'datetime-local', value: q.get('until') || '' });
  const filters = h('form', { class: 'card row', id: 'filters' },
    h('label', {}, 'Status', status), h('label', {}, 'Stop reason', stop), h('label', {}, 'Request id', req),
    h('label', {}, 'Since', since), h('label', {}, 'Until', until), h('button', { type: 'submit', class: 'secondary' }, 'Filter'));
  filters.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const next = new URLSearchParams();
    for (const [name, value] of [['status', status.value], ['stop_reason', stop.value.trim()], ['request_id', req.value.trim()], ['since', since.value], ['until', until.value]] as const) {
      if (value) next.set(name, value);
    }
    location.hash = `#/runs?${next.toString()}`;
  });
  return filters;
}

/** The runs list with filters and the ask form; `#/runs/<id>` draws the run page instead. */
W.pages.runs = async function (params, me) {
  if (params[0]) return W.pages.run?.(params, me);
  const q = new URLSearchParams(location.hash.split('?')[1] || '');
  const ask = askForm();
  const filters = filterForm(q);
  const query = new URLSearchParams();
  // The form's datetime-local values are local time; the API takes instants.
  q.forEach((v, k) => query.set(k, k === 'since' || k === 'until' ? new Date(v).toISOString() : v));
  query.set('limit', '100');
  let list: RunList;
  try {
    list = await api<RunList>('GET', `/v1/runs?${query.toString()}`);
  } catch (e) {
    return show(h('h1', {}, 'Runs'), ask, filters, errorBox(e));
  }
  const rows = list.runs.map((r) => h('tr', { 'data-run': r.run_id },
    h('td', {}, fmtTime(r.started_at)),
    h('td', {}, link(`#/runs/${encodeURIComponent(r.run_id)}`, `${r.run_id.slice(0, 14)}…`)),
    h('td', {}, pill(r.status)), h('td', {}, h('code', {}, r.stop_reason)),
    h('td', {}, r.tool_calls.map((c) => c.tool).join(', ')),
    h('td', { class: 'num' }, String(r.usage.prompt_tokens + r.usage.completion_tokens)),
    h('td', { class: 'num' }, fmtUsd(r.usage.usd)), h('td', { class: 'num' }, fmtMs(r.duration_ms)),
    h('td', {}, r.answer.length > 90 ? `${r.answer.slice(0, 90)}…` : r.answer)));
  const table = h('table', { id: 'runs-table' },
    h('thead', {}, h('tr', {}, ['Started (UTC)', 'Run', 'Status', 'Stop reason', 'Tools', 'Tokens', 'Cost', 'Duration', 'Answer'].map((t) => h('th', {}, t)))),
    h('tbody', {}, rows.length ? rows : h('tr', {}, h('td', { colspan: 9, class: 'muted' }, 'No runs match.'))));
  show(h('h1', {}, 'Runs'), me.role === 'viewer' ? null : ask, filters, table, list.skipped ? h('p', { class: 'error' }, `${list.skipped} stored run(s) could not be read`) : null);
};

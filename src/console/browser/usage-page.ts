import { api } from './api.js';
import type { UsageDay, UsageReport } from './api-types.js';
import { W } from './console-state.js';
import { fmtUsd } from './format.js';
import { h } from './h.js';
import { errorBox, show } from './widgets.js';

function usageRow(d: UsageDay, total: boolean): HTMLTableRowElement {
  const a = d.approvals;
  const stops = Object.entries(d.stops).map(([reason, n]) => `${reason} ${n}`).join(', ');
  return h('tr', { 'data-day': d.day, 'data-tenant': d.tenant, class: total ? 'total' : '' },
    h('td', {}, total ? `${d.day} (total)` : d.day), h('td', {}, d.tenant), h('td', {}, String(d.runs)), h('td', {}, String(d.tokens)), h('td', {}, fmtUsd(d.usd)),
    h('td', {}, `${a.requested} (${a.approved} approved, ${a.edited} edited, ${a.auto} auto, ${a.rejected} rejected, ${a.pending} pending)`), h('td', {}, stops));
}

/** The usage report per UTC day (admin keys): the key's tenant, or every tenant for a platform_admin key. */
W.pages.usage = async function usage(_params, me) {
  if (me.role !== 'admin' && me.role !== 'platform_admin') return show(h('h1', {}, 'Usage'), h('p', { class: 'muted' }, 'The usage report needs an admin key.'));
  const days = h('input', { id: 'usage-days', type: 'number', min: 1, max: 366, step: 1, value: 30 });
  const body = h('div', { id: 'usage-body' });
  async function load(): Promise<void> {
    try {
      const r = await api<UsageReport>('GET', `/v1/usage?days=${encodeURIComponent(days.value || '30')}`);
      const head = h('tr', {}, ['Day', 'Tenant', 'Runs', 'Tokens', 'Cost', 'Approvals', 'Stops'].map((t) => h('th', {}, t)));
      body.replaceChildren(
        h('p', { class: 'muted' }, `${r.since} to ${r.until} (UTC), ${r.tenant ? `tenant ${r.tenant}` : 'every tenant'}.`),
        r.days.length === 0 ? h('p', { class: 'muted', id: 'no-usage' }, 'No runs and no approval requests in this window.') : h('table', { id: 'usage-table' }, head, [...r.days.map((d) => usageRow(d, false)), ...r.totals.map((d) => usageRow(d, true))]),
      );
    } catch (e) {
      body.replaceChildren(errorBox(e));
    }
  }
  const form = h('form', { class: 'card row', id: 'usage-form' }, h('label', {}, 'Last days', days), h('button', { type: 'submit' }, 'Show'));
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    void load();
  });
  show(h('h1', {}, 'Usage'), form, body);
  await load();
};

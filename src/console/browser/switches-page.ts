import { api } from './api.js';
import type { Switches } from './api-types.js';
import { W } from './console-state.js';
import { fmtUsd } from './format.js';
import { h } from './h.js';
import { errorBox, show } from './widgets.js';

/** What a switch row says in each state and on its button. */
interface SwitchWords {
  on: string;
  off: string;
  turnOn: string;
  turnOff: string;
}

const SWITCH_WORDS: SwitchWords = { on: 'ON', off: 'off', turnOn: 'Turn on', turnOff: 'Turn off' };
// A tool's row is "on" when the tool is disabled: the switch is the refusal, as with kill and read-only.
const TOOL_WORDS: SwitchWords = { on: 'DISABLED', off: 'enabled', turnOn: 'Disable', turnOff: 'Enable' };

// A switch this key may not flip shows its state and who may flip it, instead of a button that answers 403.
function switchRow(id: string, label: string, on: boolean, flip: (() => void) | string, words: SwitchWords = SWITCH_WORDS): HTMLDivElement {
  const button = typeof flip === 'string' ? h('span', { class: 'muted', id }, flip) : h('button', { type: 'button', id, class: on ? 'secondary' : 'danger', onclick: flip }, on ? words.turnOff : words.turnOn);
  return h('div', { class: `switch${on ? ' on' : ''}`, 'data-switch': id, 'data-on': on ? 'true' : 'false' }, h('span', {}, `${label}: `, h('strong', {}, on ? words.on : words.off)), button);
}

/** Kill and read-only switches, tools on or off, the tenant's daily budget and the approval webhook (admin only). */
W.pages.switches = async function switches(params, me) {
  if (me.role !== 'admin' && me.role !== 'platform_admin') return show(h('h1', {}, 'Switches'), h('p', { class: 'muted' }, 'Switches need an admin key.'));
  const globalOnly = me.role === 'platform_admin' ? undefined : 'platform_admin only';
  const s = await api<Switches>('GET', '/v1/admin/switches');
  const status = h('div', { id: 'switch-status' });
  // Every change redraws the page from the server's answer, so what shows is what holds.
  async function put(path: string, body: unknown): Promise<void> {
    try {
      await api('PUT', path, body);
      await switches(params, me);
    } catch (e) {
      status.replaceChildren(errorBox(e));
    }
  }
  const kill = h('div', { class: 'card' }, h('h2', {}, 'Kill switch'),
    h('p', { class: 'muted' }, 'Running runs stop at their next step with operator_kill; new runs stop before their first.'),
    switchRow('kill-global', 'Every tenant', s.global.killed, globalOnly ?? (() => void put('/v1/admin/kill', { on: !s.global.killed, scope: 'global' }))),
    switchRow('kill-tenant', `Tenant ${s.tenant}${s.global.killed ? ' (covered by the global switch)' : ''}`, s.tenant_effective.killed, () => void put('/v1/admin/kill', { on: !s.tenant_effective.killed, scope: 'tenant' })),
    h('h2', {}, 'Read-only'),
    switchRow('ro-global', 'Every tenant', s.global.read_only, globalOnly ?? (() => void put('/v1/admin/read-only', { on: !s.global.read_only, scope: 'global' }))),
    switchRow('ro-tenant', `Tenant ${s.tenant}${s.global.read_only ? ' (covered by the global switch)' : ''}`, s.tenant_effective.read_only, () => void put('/v1/admin/read-only', { on: !s.tenant_effective.read_only, scope: 'tenant' })));
  const tools = h('div', { class: 'card' }, h('h2', {}, `Tools (for tenant ${s.tenant})`),
    h('p', { class: 'muted' }, 'A disabled tool ends the run that tries it with policy_deny:<tool>. A tool disabled for every tenant shows as disabled here too.'),
    s.tools.map((tool) => {
      const disabled = s.tenant_effective.disabled_tools.includes(tool);
      return switchRow(`tool-${tool}`, tool, disabled, () => void put(`/v1/admin/tools/${tool}`, { enabled: disabled, scope: 'tenant' }), TOOL_WORDS);
    }));
  const tokens = h('input', { id: 'budget-tokens', type: 'number', min: 1, step: 1, value: s.budget.max_tokens_per_day === null ? '' : s.budget.max_tokens_per_day });
  const usd = h('input', { id: 'budget-usd', type: 'number', min: 0, step: 'any', value: s.budget.max_usd_per_day === null ? '' : s.budget.max_usd_per_day });
  const budget = h('form', { class: 'card', id: 'budget' }, h('h2', {}, 'Daily budget'),
    h('p', { class: 'muted' }, `Charged today (UTC), as the budget counts it: ${s.usage_today.tokens} tokens, ${fmtUsd(s.usage_today.usd)} in ${s.usage_today.calls} model calls; ${s.usage_today.held.calls} calls in flight hold ${s.usage_today.held.tokens} tokens more. ${s.usage_today.runs_finished} runs finished. Empty means no limit.`),
    h('div', { class: 'row' }, h('label', {}, 'Tokens per day', tokens), h('label', {}, 'USD per day', usd), h('button', { type: 'submit' }, 'Save')));
  budget.addEventListener('submit', (ev) => {
    ev.preventDefault();
    void put('/v1/admin/budget', { max_tokens_per_day: tokens.value ? Number(tokens.value) : null, max_usd_per_day: usd.value ? Number(usd.value) : null });
  });
  const hookUrl = h('input', { id: 'webhook-url', type: 'url', size: 50, placeholder: 'https://example.org/waybill-approvals', value: s.webhook ? s.webhook.url : '' });
  const secretBox = h('div', {});
  const hook = h('form', { class: 'card', id: 'webhook' }, h('h2', {}, 'Approval webhook'),
    h('div', { class: 'row' }, h('label', {}, 'URL', hookUrl), h('button', { type: 'submit' }, 'Save and show a new secret')), secretBox);
  hook.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    try {
      const r = await api<{ secret: string }>('PUT', '/v1/admin/webhook', { url: hookUrl.value });
      secretBox.replaceChildren(h('p', { class: 'notice' }, 'Signing secret (shown once): ', h('code', {}, r.secret)));
    } catch (e) {
      secretBox.replaceChildren(errorBox(e));
    }
  });
  show(h('h1', {}, 'Switches'), status, h('div', { class: 'grid2' }, kill, tools), h('div', { class: 'grid2' }, budget, hook));
};

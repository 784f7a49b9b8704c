/** Console JS, part 4: switches (kill, read-only, tools), the tenant's daily budget and webhook. */
export const CONSOLE_SCRIPT_SWITCHES = String.raw`
function switchRow(id, label, on, flip, words) {
  var w = words || { on: 'ON', off: 'off', turnOn: 'Turn on', turnOff: 'Turn off' };
  var button = h('button', { type: 'button', id: id, class: on ? 'secondary' : 'danger', onclick: flip }, on ? w.turnOff : w.turnOn);
  return h('div', { class: 'switch' + (on ? ' on' : ''), 'data-switch': id, 'data-on': on ? 'true' : 'false' }, h('span', {}, label + ': ', h('strong', {}, on ? w.on : w.off)), button);
}
var TOOL_WORDS = { on: 'DISABLED', off: 'enabled', turnOn: 'Disable', turnOff: 'Enable' };

W.pages.switches = async function () {
  if (W.me.role !== 'admin') return W.show(h('h1', {}, 'Switches'), h('p', { class: 'muted' }, 'Switches need an admin key.'));
  var s = await W.api('GET', '/v1/admin/switches');
  var status = h('div', { id: 'switch-status' });
  async function put(path, body) {
    try { await W.api('PUT', path, body); await W.pages.switches(); } catch (e) { status.replaceChildren(W.errorBox(e)); }
  }
  var kill = h('div', { class: 'card' }, h('h2', {}, 'Kill switch'),
    h('p', { class: 'muted' }, 'Running runs stop at their next step with operator_kill; new runs stop before their first.'),
    switchRow('kill-global', 'Every tenant', s.global.killed, function () { put('/v1/admin/kill', { on: !s.global.killed, scope: 'global' }); }),
    switchRow('kill-tenant', 'Tenant ' + s.tenant + (s.global.killed ? ' (covered by the global switch)' : ''), s.tenant_effective.killed, function () { put('/v1/admin/kill', { on: !s.tenant_effective.killed, scope: 'tenant' }); }),
    h('h2', {}, 'Read-only'),
    switchRow('ro-global', 'Every tenant', s.global.read_only, function () { put('/v1/admin/read-only', { on: !s.global.read_only, scope: 'global' }); }),
    switchRow('ro-tenant', 'Tenant ' + s.tenant + (s.global.read_only ? ' (covered by the global switch)' : ''), s.tenant_effective.read_only, function () { put('/v1/admin/read-only', { on: !s.tenant_effective.read_only, scope: 'tenant' }); }));
  var tools = h('div', { class: 'card' }, h('h2', {}, 'Tools (for tenant ' + s.tenant + ')'),
    h('p', { class: 'muted' }, 'A disabled tool ends the run that tries it with policy_deny:<tool>. A tool disabled for every tenant shows as disabled here too.'),
    s.tools.map(function (tool) {
      var disabled = s.tenant_effective.disabled_tools.indexOf(tool) >= 0;
      return switchRow('tool-' + tool, tool, disabled, function () { put('/v1/admin/tools/' + tool, { enabled: disabled, scope: 'tenant' }); }, TOOL_WORDS);
    }));
  var tokens = h('input', { id: 'budget-tokens', type: 'number', min: 1, step: 1, value: s.budget.max_tokens_per_day === null ? '' : s.budget.max_tokens_per_day });
  var usd = h('input', { id: 'budget-usd', type: 'number', min: 0, step: 'any', value: s.budget.max_usd_per_day === null ? '' : s.budget.max_usd_per_day });
  var budget = h('form', { class: 'card', id: 'budget' }, h('h2', {}, 'Daily budget'),
    h('p', { class: 'muted' }, 'Today: ' + s.usage_today.runs + ' runs, ' + s.usage_today.tokens + ' tokens, ' + W.fmtUsd(s.usage_today.usd) + '. Empty means no limit.'),
    h('div', { class: 'row' }, h('label', {}, 'Tokens per day', tokens), h('label', {}, 'USD per day', usd), h('button', { type: 'submit' }, 'Save')));
  budget.addEventListener('submit', function (ev) {
    ev.preventDefault();
    put('/v1/admin/budget', { max_tokens_per_day: tokens.value ? Number(tokens.value) : null, max_usd_per_day: usd.value ? Number(usd.value) : null });
  });
  var hookUrl = h('input', { id: 'webhook-url', type: 'url', size: 50, placeholder: 'https://example.org/waybill-approvals', value: s.webhook ? s.webhook.url : '' });
  var secretBox = h('div', {});
  var hook = h('form', { class: 'card', id: 'webhook' }, h('h2', {}, 'Approval webhook'),
    h('div', { class: 'row' }, h('label', {}, 'URL', hookUrl), h('button', { type: 'submit' }, 'Save and show a new secret')), secretBox);
  hook.addEventListener('submit', async function (ev) {
    ev.preventDefault();
    try {
      var r = await W.api('PUT', '/v1/admin/webhook', { url: hookUrl.value });
      secretBox.replaceChildren(h('p', { class: 'notice' }, 'Signing secret (shown once): ', h('code', {}, r.secret)));
    } catch (e) { secretBox.replaceChildren(W.errorBox(e)); }
  });
  W.show(h('h1', {}, 'Switches'), status, h('div', { class: 'grid2' }, kill, tools), h('div', { class: 'grid2' }, budget, hook));
};
`;

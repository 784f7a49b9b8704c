/** Console JS, part 3: the approvals queue with approve, edit and reject. */
export const CONSOLE_SCRIPT_APPROVALS = String.raw`
var ORIGIN_TEXT = {
  user_request: 'the user\u2019s own request',
  tool_result: 'a tool result the run fetched',
  third_party: 'third-party text (a shipment note, a retrieved passage)',
  model: 'none of these: the model\u2019s own words'
};

// Where each argument came from, so the human sees what the user asked for and what data suggested.
function originsOf(a) {
  if (!a.origins) return null;
  var rows = Object.keys(a.args).map(function (name) {
    var origin = a.origins[name];
    return h('tr', { 'data-origin': origin || 'unknown', class: origin === 'third_party' ? 'third-party' : '' },
      h('td', {}, name), h('td', {}, JSON.stringify(a.args[name])), h('td', {}, origin ? (ORIGIN_TEXT[origin] || origin) : 'not traced'));
  });
  return h('div', { class: 'origins' },
    a.third_party_target ? h('p', { class: 'error flag', role: 'alert' }, 'Flagged: the target was named only in third-party text, not by the user.') : null,
    h('table', { class: 'origins' }, h('thead', {}, h('tr', {}, h('th', {}, 'argument'), h('th', {}, 'value'), h('th', {}, 'came from'))), h('tbody', {}, rows)));
}

function approvalCard(a) {
  // A viewer may see what waits for a decision but not take it: the server would refuse with 403, so
  // the controls are left out rather than offered.
  if (W.me.role === 'viewer') {
    return h('div', { class: 'card approval', 'data-approval': a.id },
      h('h2', {}, a.agent + ' → ' + a.tool),
      h('p', { class: 'muted' }, 'Requested ' + W.fmtTime(a.requested_at) + ' · thread ' + a.thread_id + ' · ', W.link('#/runs/' + encodeURIComponent(a.run_id), a.run_id)),
      h('p', {}, a.answer),
      originsOf(a),
      h('pre', { class: 'args' }, JSON.stringify(a.args, null, 2)));
  }
  var args = h('textarea', { class: 'edit-args', rows: 5 }, JSON.stringify(a.args, null, 2));
  var reason = h('input', { class: 'reject-reason', placeholder: 'reason (needed to reject)', size: 40 });
  var status = h('div', { class: 'decision-status' });
  async function decide(body) {
    status.replaceChildren(h('p', { class: 'muted' }, 'Deciding…'));
    card.querySelectorAll('button').forEach(function (b) { b.disabled = true; });
    try {
      var record = await W.api('POST', '/v1/approvals/' + encodeURIComponent(a.id), body);
      if (a.source === 'mcp') status.replaceChildren(h('p', { class: 'notice', role: 'status' }, 'Decided: ' + record.approval.status + '. The MCP caller may now repeat its call with this approval id; it runs once.'));
      else status.replaceChildren(h('p', { class: 'notice', role: 'status' }, 'Decided: ' + record.stop_reason + '. ', W.link('#/runs/' + encodeURIComponent(record.run_id), 'Open the resumed run and its journal')));
      W.refreshPending();
    } catch (e) {
      status.replaceChildren(W.errorBox(e));
      card.querySelectorAll('button').forEach(function (b) { b.disabled = false; });
    }
  }
  var card = h('div', { class: 'card approval', 'data-approval': a.id },
    h('h2', {}, a.agent + ' → ' + a.tool),
    a.source === 'mcp'
      ? h('p', { class: 'muted' }, 'Requested ' + W.fmtTime(a.requested_at) + ' at the MCP boundary · ' + a.id + ' · expires ' + W.fmtTime(a.expires_at))
      : h('p', { class: 'muted' }, 'Requested ' + W.fmtTime(a.requested_at) + ' · thread ' + a.thread_id + ' · ', W.link('#/runs/' + encodeURIComponent(a.run_id), a.run_id)),
    h('p', {}, a.answer),
    originsOf(a),
    h('label', {}, 'Arguments (edit them to approve with changes)', args),
    h('div', { class: 'row' },
      h('button', { type: 'button', class: 'approve', onclick: function () { decide({ decision: 'approve' }); } }, 'Approve'),
      h('button', { type: 'button', class: 'secondary edit', onclick: function () {
        var parsed;
        try { parsed = JSON.parse(args.value); } catch (e) { return status.replaceChildren(W.errorBox('the arguments are not valid JSON: ' + e.message)); }
        decide({ decision: 'edit', args: parsed });
      } }, 'Approve with edits'),
      reason,
      h('button', { type: 'button', class: 'danger reject', onclick: function () {
        if (!reason.value.trim()) return status.replaceChildren(W.errorBox('write a reason to reject'));
        decide({ decision: 'reject', reason: reason.value.trim() });
      } }, 'Reject')),
    status);
  return card;
}

W.pages.approvals = async function () {
  var data = await W.api('GET', '/v1/approvals');
  W.show(h('h1', {}, 'Approvals'),
    W.me.role === 'viewer' ? h('p', { class: 'muted' }, 'Your key is a viewer: deciding needs the operator role.') : null,
    data.approvals.length ? h('div', { id: 'approvals' }, data.approvals.map(approvalCard)) : h('p', { class: 'muted', id: 'no-approvals' }, 'Nothing waits for a decision.'));
};
`;

/**
 * Console JS, part 6: a run watched live. The ask form starts the run through the Agent Protocol's
 * streaming route (`POST /runs/stream`, or on a thread with `if_not_exists: "create"`) and lists each
 * step of the kernel (`custom` events) as it arrives; when the stream ends the run page opens.
 */
export const CONSOLE_SCRIPT_LIVE = String.raw`
W.stepText = function (s) {
  var args = s.args ? ' ' + JSON.stringify(s.args) : '';
  if (s.type === 'delegation.start') return '→ ' + s.agent + ': ' + (s.detail || '');
  if (s.type === 'delegation.result') return '← ' + s.agent + ': ' + (s.status === 'ok' ? 'done' : 'failed');
  if (s.type === 'tool.call') return '· ' + s.agent + ' ' + s.tool + args + ' ' + s.status;
  if (s.type === 'approval.requested') return '⏸ ' + s.agent + ' waits for approval of ' + s.tool + args;
  if (s.type === 'approval.decided') return '✔ approval of ' + s.tool;
  if (s.type === 'policy.deny') return '✗ ' + s.agent + ' ' + (s.tool || '') + ' refused';
  if (s.type === 'guard.block') return '✗ blocked by the input guard';
  if (s.type === 'kill' || s.type === 'budget.stop') return '■ stopped: ' + (s.detail || s.type);
  if (s.type === 'run.start') return '▶ run started';
  if (s.type === 'run.end') return '■ run ended: ' + (s.detail || '');
  return null;
};

// Parses server-sent events from a fetch body; calls onEvent(name, data) for each.
W.readSse = async function (res, onEvent) {
  var reader = res.body.getReader();
  var decoder = new TextDecoder();
  var buffer = '';
  for (;;) {
    var chunk = await reader.read();
    if (chunk.done) break;
    buffer += decoder.decode(chunk.value, { stream: true }).replace(/\r\n/g, '\n');
    var cut;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      var block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      var name = 'message', data = [];
      block.split('\n').forEach(function (line) {
        if (line.indexOf('event:') === 0) name = line.slice(6).trim();
        else if (line.indexOf('data:') === 0) data.push(line.slice(5).replace(/^ /, ''));
      });
      if (data.length) onEvent(name, JSON.parse(data.join('\n')));
    }
  }
};

// Starts a run, shows its steps in list as they happen, and resolves with the Waybill run id.
W.liveAsk = async function (input, threadId, list) {
  var body = { assistant_id: 'waybill', input: { messages: [{ role: 'user', content: input }] }, stream_mode: ['custom', 'values'] };
  var path = '/runs/stream';
  if (threadId) { path = '/threads/' + encodeURIComponent(threadId) + '/runs/stream'; body.if_not_exists = 'create'; }
  var res = await fetch(path, { method: 'POST', headers: { authorization: 'Bearer ' + W.key(), 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) {
    var text = await res.text(), data = {};
    try { data = JSON.parse(text); } catch (e) { data = {}; }
    var err = new Error((data.error && data.error.message) || res.statusText);
    err.status = res.status;
    throw err;
  }
  var runId = null, failure = null;
  await W.readSse(res, function (name, data) {
    if (name === 'custom') {
      var text = W.stepText(data);
      if (text) list.append(h('li', { 'data-type': data.type }, text));
    } else if (name === 'values') {
      var last = data.messages && data.messages[data.messages.length - 1];
      var meta = last && last.response_metadata && last.response_metadata.waybill;
      if (meta) runId = meta.run_id;
    } else if (name === 'error') failure = data;
  });
  if (failure) throw new Error(failure.message || 'the run failed');
  if (!runId) throw new Error('the run ended without an answer');
  return runId;
};
`;

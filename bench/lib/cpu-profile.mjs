// Where a build's time goes: a V8 CPU profile (node:inspector, in this process) of `fn`, with self time
// summed by component (Waybill's policy layer, LangGraph/LangChain, the checkpointer, SQLite, ...).
import { Session } from 'node:inspector/promises';

const COMPONENTS = [
  ['domain + MCP', /\/dist\/runtimes\/langgraph\/mcp-domain-tools/],
  ['waybill policy layer (policy, proof checks, runtime middleware, telemetry)', /\/dist\/(policy|fleet|runtimes|telemetry|agents|knowledge)\//],
  ['model (replayed completions, tool conversion to the wire format)', /\/bench\/lib\/(replayed-model|completion-key)|\/dist\/models\/|js-tiktoken|base64-js|utils\/function_calling/],
  ['domain + MCP', /\/dist\/(domain|mcp)\/|@modelcontextprotocol/],
  ['LangGraph checkpointer (serialisation)', /@langchain\/langgraph-checkpoint/],
  ['SQLite (better-sqlite3 calls, fsync included)', /better-sqlite3/],
  ['LangGraph / LangChain / LangSmith', /@langchain\/|node_modules\/langchain\/|langsmith/],
  ['zod', /node_modules\/zod\//],
  ['node internals (uuid random bytes, TextEncoder, AbortSignal, async hooks)', /^node:/],
];

const SPECIAL = new Map(Object.entries({ '(garbage collector)': 'garbage collector', '(idle)': 'idle', '(program)': 'V8 / native (unattributed)', '(root)': 'V8 / native (unattributed)' }));

// Native frames (no URL: a better-sqlite3 statement, a crypto call, JSON) count for the JS that called them.
function componentOf(node, parents) {
  for (let current = node; current; current = parents.get(current.id)) {
    const { url, functionName } = current.callFrame;
    if (SPECIAL.has(functionName)) return SPECIAL.get(functionName);
    if (!url) continue;
    for (const [name, pattern] of COMPONENTS) if (pattern.test(url)) return name;
    return 'other';
  }
  return 'V8 / native (unattributed)';
}

/** Runs `fn` under the profiler; returns self milliseconds per component, divided by `perRuns`. */
export async function profileComponents(fn, perRuns) {
  return summariseProfile(await recordProfile(fn), perRuns);
}

/** Runs `fn` under the profiler; returns the `top` functions by self milliseconds (`name file`), divided by `perRuns`. */
export async function profileFunctions(fn, perRuns, top = 8) {
  const profile = await recordProfile(fn);
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map();
  profile.samples.forEach((id, i) => {
    const { functionName, url } = nodes.get(id).callFrame;
    const key = `${functionName || '(anonymous)'}${url ? ` ${url.slice(url.lastIndexOf('/') + 1)}` : ''}`;
    totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return Object.fromEntries(
    [...totals]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, ms]) => [name, Number((ms / perRuns).toFixed(2))]),
  );
}

async function recordProfile(fn) {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  let profile;
  try {
    await fn();
  } finally {
    ({ profile } = await session.post('Profiler.stop'));
    session.disconnect();
  }
  return profile;
}

function summariseProfile(profile, perRuns) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node);
  const totals = {};
  profile.samples.forEach((id, i) => {
    const component = componentOf(nodes.get(id), parents);
    totals[component] = (totals[component] ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000;
  });
  const perRun = Object.fromEntries(
    Object.entries(totals)
      .sort((a, b) => b[1] - a[1])
      .map(([name, ms]) => [name, Number((ms / perRuns).toFixed(2))]),
  );
  return perRun;
}

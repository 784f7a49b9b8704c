import type { AuditEvent } from './audit-event.js';

/** One agent in a run's delegation tree, with what it spent and what happened to it. */
export interface DelegationNode {
  agent: string;
  /** The delegation's id (`d1`, `d2`, …) when the run recorded one: one node per delegation. */
  task_id?: string;
  status: 'ok' | 'error' | 'denied' | 'blocked' | 'pending' | 'info';
  /** From the delegation contract: how sure the answer is, and why a failed sub-task failed. */
  confidence?: 'high' | 'medium' | 'low';
  reason?: string;
  model_calls: number;
  tokens: number;
  /** Model and tool time as audited (ms). */
  time_ms: number;
  tools: Array<{ tool: string; status: string; duration_ms: number }>;
  flags: string[];
  children: DelegationNode[];
}

const TOKENS = /(\d+)\+(\d+) tokens/;

// The summary the delegation tool writes as the detail of `delegation.result`; older runs have prose.
function contractSummary(detail: string | undefined): { confidence?: DelegationNode['confidence']; reason?: string } {
  try {
    const parsed = JSON.parse(detail ?? '') as { confidence?: unknown; reason?: unknown };
    const confidence = parsed.confidence === 'high' || parsed.confidence === 'medium' || parsed.confidence === 'low' ? parsed.confidence : undefined;
    return { ...(confidence && { confidence }), ...(typeof parsed.reason === 'string' && { reason: parsed.reason }) };
  } catch {
    return {};
  }
}

/**
 * Rebuilds the delegation tree of one run from its audit events: the supervisor at the root, each
 * delegated worker under it, with model calls, tokens, time, tool calls and flags such as "instruction
 * found in content, ignored" (a tainted tool result that led to no write) or "write refused by policy".
 */
export function delegationTree(events: readonly AuditEvent[]): DelegationNode {
  // Keyed by delegation when the events carry one, so three parallel calls of one worker are three nodes.
  const nodes = new Map<string, DelegationNode>();
  const latestOf = new Map<string, DelegationNode>();
  const node = (agent: string, taskId?: string): DelegationNode => {
    const key = taskId ?? agent;
    let found = nodes.get(key);
    if (!found) {
      found = { agent, ...(taskId !== undefined && { task_id: taskId }), status: 'ok', model_calls: 0, tokens: 0, time_ms: 0, tools: [], flags: [], children: [] };
      nodes.set(key, found);
    }
    latestOf.set(agent, found);
    return found;
  };
  const root = node('supervisor');
  for (const event of events) {
    const current = event.agent === 'supervisor' ? root : node(event.agent, event.task_id);
    if (event.type === 'delegation.start' && event.parent) {
      const parent = event.parent === 'supervisor' ? root : (latestOf.get(event.parent) ?? node(event.parent));
      if (!parent.children.includes(current)) parent.children.push(current);
    }
    if (event.type === 'delegation.result') {
      // A worker that paused and was then approved ends this run well: the result is what counts.
      if (event.status !== 'ok') current.status = event.status;
      else if (current.status === 'pending') current.status = 'ok';
      Object.assign(current, contractSummary(event.detail));
    }
    if (event.type === 'model.call') {
      current.model_calls += 1;
      const match = TOKENS.exec(event.detail ?? '');
      if (match) current.tokens += Number(match[1]) + Number(match[2]);
    }
    if (event.duration_ms !== undefined && (event.type === 'model.call' || event.type === 'tool.call')) current.time_ms += event.duration_ms;
    if (event.type === 'tool.call' && event.tool) current.tools.push({ tool: event.tool, status: event.status, duration_ms: event.duration_ms ?? 0 });
    if (event.type === 'guard.taint' && !current.flags.includes('instruction found in content, ignored')) current.flags.push('instruction found in content, ignored');
    if (event.type === 'policy.deny') {
      current.status = 'denied';
      current.flags.push(`${event.tool ?? 'call'} refused by policy`);
    }
    if (event.type === 'approval.requested') current.status = 'pending';
    if (event.type === 'guard.block') root.flags.push('input blocked by the injection guard');
  }
  return root;
}

/** The tree as indented text lines for a terminal. */
export function renderDelegationTree(root: DelegationNode): string[] {
  const lines: string[] = [];
  const walk = (n: DelegationNode, prefix: string, last: boolean, depth: number) => {
    const branch = depth === 0 ? '' : last ? '└─ ' : '├─ ';
    const tools = n.tools.map((t) => `${t.tool}(${t.status}, ${t.duration_ms} ms)`).join(', ');
    const flags = n.flags.length > 0 ? `  ⚑ ${n.flags.join('; ')}` : '';
    const id = n.task_id ? ` ${n.task_id}` : '';
    const status = n.reason ? `${n.status}: ${n.reason}` : n.status;
    const confidence = n.confidence ? `, confidence ${n.confidence}` : '';
    lines.push(`${prefix}${branch}${n.agent}${id}  [${status}]  ${n.model_calls} model call(s), ${n.tokens} tokens, ${n.time_ms} ms${confidence}${tools ? `, tools: ${tools}` : ''}${flags}`);
    const childPrefix = depth === 0 ? '' : `${prefix}${last ? '   ' : '│  '}`;
    n.children.forEach((child, index) => walk(child, childPrefix, index === n.children.length - 1, depth + 1));
  };
  walk(root, '', true, 0);
  return lines;
}

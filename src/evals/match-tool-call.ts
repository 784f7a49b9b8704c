import { canonicalJson } from '../domain/index.js';
import type { RunRecord } from '../telemetry/index.js';
import type { ToolCallPattern } from './golden-task.js';

type ToolCall = RunRecord['tool_calls'][number];

/** True when `call` fits `pattern`: same tool, and the agent, status and each listed argument equal. */
export function matchToolCall(pattern: ToolCallPattern, call: Pick<ToolCall, 'tool' | 'agent' | 'args' | 'status'>): boolean {
  if (pattern.tool !== call.tool) return false;
  if (pattern.agent !== undefined && pattern.agent !== call.agent) return false;
  if (pattern.status !== undefined && pattern.status !== call.status) return false;
  return Object.entries(pattern.args ?? {}).every(([key, value]) => canonicalJson(call.args[key] ?? null) === canonicalJson(value));
}

/** A pattern as one line for failure messages. */
export function describePattern(pattern: ToolCallPattern): string {
  const parts = [pattern.agent && `agent ${pattern.agent}`, pattern.args && `args ${canonicalJson(pattern.args)}`, pattern.status && `status ${pattern.status}`].filter(Boolean);
  return `${pattern.tool}${parts.length > 0 ? ` (${parts.join(', ')})` : ''}`;
}

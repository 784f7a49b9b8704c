import type { OfferedTool } from './chat-types.js';
import type { Intent } from './intent.js';

/** The workers a supervisor delegates to (DESIGN.md §4). */
export type AgentName = 'tracking_agent' | 'warehouse_agent' | 'pricing_agent';

/** Every worker name, in routing order. */
export const AGENT_NAMES: readonly AgentName[] = ['tracking_agent', 'warehouse_agent', 'pricing_agent'];

/** Which worker handles each intent; cancellation belongs to tracking, which holds cancel_shipment. */
export const AGENT_FOR_INTENT: Readonly<Record<Intent['kind'], AgentName>> = {
  track: 'tracking_agent',
  cancel: 'tracking_agent',
  stock: 'warehouse_agent',
  price: 'pricing_agent',
  incomplete_price: 'pricing_agent',
};

/**
 * How to reach one worker: an agent-as-tool takes the request text in `argName`; a handoff
 * (`transfer_to_<agent>`, or an agent tool with no string parameter) takes no arguments.
 */
export interface AgentTool {
  agent: AgentName;
  toolName: string;
  argName: string | undefined;
}

/** Whether a tool name is one of the agents-as-tools. */
export function isAgentName(name: string): name is AgentName {
  return (AGENT_NAMES as readonly string[]).includes(name);
}

// The property that carries the request: the first required one, else the first string property.
function argumentName(parameters: Readonly<Record<string, unknown>> | undefined): string | undefined {
  const properties = parameters?.properties;
  const props = typeof properties === 'object' && properties !== null ? (properties as Record<string, unknown>) : {};
  const required = Array.isArray(parameters?.required) ? (parameters.required as unknown[]) : [];
  const first = required[0];
  if (typeof first === 'string') return first;
  return Object.keys(props).find((key) => {
    const schema = props[key];
    return typeof schema === 'object' && schema !== null && (schema as { type?: unknown }).type === 'string';
  });
}

/** The offered ways to reach each worker; an agent-as-tool is preferred over a handoff to the same worker. */
export function findAgentTools(tools: readonly OfferedTool[]): Map<AgentName, AgentTool> {
  const found = new Map<AgentName, AgentTool>();
  for (const tool of tools) {
    const name = tool.function.name;
    if (isAgentName(name)) {
      found.set(name, { agent: name, toolName: name, argName: argumentName(tool.function.parameters) });
      continue;
    }
    const target = name.startsWith('transfer_to_') ? name.slice('transfer_to_'.length) : '';
    if (isAgentName(target) && found.get(target)?.argName === undefined) found.set(target, { agent: target, toolName: name, argName: undefined });
  }
  return found;
}

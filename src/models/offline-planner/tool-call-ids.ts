import type { CallSpec, ChatToolCall } from './chat-types.js';

/**
 * Turns planned calls into chat tool calls with deterministic ids: `call_<n>`, where n counts the tool
 * calls already in the conversation plus the position in this message, skipping any id already used.
 */
export function toToolCalls(specs: readonly CallSpec[], usedIds: ReadonlySet<string>, alreadyMade: number): ChatToolCall[] {
  const taken = new Set(usedIds);
  let next = alreadyMade;
  return specs.map((spec) => {
    while (taken.has(`call_${next}`)) next += 1;
    const id = `call_${next}`;
    taken.add(id);
    next += 1;
    return { id, type: 'function', function: { name: spec.name, arguments: JSON.stringify(spec.args) } };
  });
}

// What identifies one model request for replay: the conversation (roles, text, tool calls without their
// ids) and the offered tool names. The recorder and the replayed model key requests the same way.
import { createHash } from 'node:crypto';

const toolName = (tool) => tool?.function?.name ?? tool?.name ?? '';

export function completionKey(messages, tools = []) {
  const hash = createHash('sha1');
  for (const message of messages) {
    const content = typeof message.content === 'string' ? message.content : JSON.stringify(message.content);
    const calls = (message.tool_calls ?? []).map((call) => [call.name, call.args]);
    hash.update(`${message._getType()}\u0001${content}\u0001${calls.length > 0 ? JSON.stringify(calls) : ''}\u0002`);
  }
  hash.update(tools.map(toolName).sort().join(','));
  return hash.digest('hex');
}

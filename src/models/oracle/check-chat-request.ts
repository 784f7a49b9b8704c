import type { ChatRequest } from './chat-request.js';
import { messageText } from './chat-request.js';
import { jsonSchemaInstance } from './json-schema-instance.js';
import type { OracleError } from './oracle-error.js';
import { invalidRequest } from './oracle-error.js';

/** What a valid request asks beyond its schema, checked as OpenAI checks it; undefined when it holds. */
export function checkChatRequest(request: ChatRequest): OracleError | undefined {
  const tools = request.tools ?? [];
  const { tool_choice: choice } = request;
  if (choice !== undefined && choice !== null && tools.length === 0) return invalidRequest("Invalid value for 'tool_choice': 'tool_choice' is only allowed when 'tools' are specified.", 'tool_choice', 'invalid_value');
  if (typeof choice === 'object' && choice !== null && !tools.some((tool) => tool.function.name === choice.function.name)) {
    return invalidRequest(`Invalid value for 'tool_choice': no function named ${JSON.stringify(choice.function.name)} in 'tools'.`, 'tool_choice.function.name', 'invalid_value');
  }
  if (request.parallel_tool_calls !== undefined && request.parallel_tool_calls !== null && tools.length === 0) {
    return invalidRequest("Invalid value for 'parallel_tool_calls': 'parallel_tool_calls' is only allowed when 'tools' are specified.", 'parallel_tool_calls', 'invalid_value');
  }
  const names = tools.map((tool) => tool.function.name);
  const repeated = names.find((name, index) => names.indexOf(name) !== index);
  if (repeated !== undefined) return invalidRequest(`Invalid value for 'tools': the function ${JSON.stringify(repeated)} is listed twice.`, 'tools', 'invalid_value');

  const called = new Set<string>();
  for (const [index, message] of request.messages.entries()) {
    for (const call of message.tool_calls ?? []) called.add(call.id);
    if (message.tool_calls && message.role !== 'assistant') return invalidRequest(`Invalid parameter: only assistant messages carry 'tool_calls'.`, `messages[${index}].tool_calls`, 'invalid_value');
    if (message.role !== 'tool') continue;
    if (message.tool_call_id === undefined) return invalidRequest(`Missing required parameter: 'messages[${index}].tool_call_id'.`, `messages[${index}].tool_call_id`, 'missing_required_parameter');
    if (!called.has(message.tool_call_id)) {
      return invalidRequest("Invalid parameter: messages with role 'tool' must be a response to a preceding message with 'tool_calls'.", `messages[${index}].role`, 'invalid_value');
    }
  }

  const { max_tokens: maxTokens, max_completion_tokens: maxCompletionTokens } = request;
  if (typeof maxTokens === 'number' && typeof maxCompletionTokens === 'number' && maxTokens !== maxCompletionTokens) {
    return invalidRequest("Invalid request: give one of 'max_tokens' and 'max_completion_tokens' (they disagree).", 'max_tokens', 'invalid_value');
  }
  const format = request.response_format;
  if (format?.type === 'json_object' && !request.messages.some((m) => /json/i.test(messageText(m.content) ?? ''))) {
    return invalidRequest("'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.", 'messages', 'invalid_value');
  }
  if (format?.type === 'json_schema') {
    const built = jsonSchemaInstance(format.json_schema.schema ?? true, '');
    if ('problem' in built) return invalidRequest(`Invalid schema for response_format '${format.json_schema.name}': ${built.problem}.`, 'response_format.json_schema.schema', 'invalid_value');
  }
  return undefined;
}

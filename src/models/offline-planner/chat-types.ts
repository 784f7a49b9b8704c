/** One tool call inside an assistant message, as OpenAI chat completions spell it. */
export interface ChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** One message of an OpenAI chat-completions conversation (the subset the planner reads). */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | null;
  tool_calls?: ChatToolCall[];
  tool_call_id?: string;
  name?: string;
}

/** A tool the request offers; only the name (and, for agents-as-tools, the parameter schema) is read. */
export interface OfferedTool {
  type: 'function';
  function: { name: string; description?: string; parameters?: Record<string, unknown> };
}

/**
 * The next assistant message: tool calls, a final answer, or a reply that says the request was not
 * understood, with what was and examples of what can be asked (a runtime maps it to the
 * `not_understood` stop reason; `model_unavailable` is kept for model calls that failed).
 */
export type PlannerReply =
  | { kind: 'tool_calls'; toolCalls: ChatToolCall[] }
  | { kind: 'answer'; content: string }
  | { kind: 'not_understood'; content: string };

/** A tool call before it gets an id: the tool's name and its arguments object. */
export interface CallSpec {
  name: string;
  args: Record<string, unknown>;
}

/** Reply language; decided from the request text only. */
export type Language = 'uk' | 'en' | 'ru';

/** How the caller asked for the reply, as chat completions requests spell it. */
export interface PlanOptions {
  /** `false`: at most one tool call per reply (OpenAI's `parallel_tool_calls: false`). */
  parallelToolCalls?: boolean;
}

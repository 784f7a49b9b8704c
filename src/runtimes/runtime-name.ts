/** The three implementations of the same case. */
export const RUNTIME_NAMES = ['langgraph', 'openai-agents', 'adk'] as const;
export type RuntimeName = (typeof RUNTIME_NAMES)[number];

/** A `--runtime` value as a runtime name (any case, trimmed), or undefined when it names none. */
export function parseRuntimeName(value: string): RuntimeName | undefined {
  return RUNTIME_NAMES.find((name) => name === value.trim().toLowerCase());
}

/** A JSON parse that never throws: `undefined` stands for "not JSON". */
export function safeParseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A plain object from JSON text, or undefined when the text is not a JSON object. */
export function parseJsonObject(text: string): Record<string, unknown> | undefined {
  const value = safeParseJson(text);
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

// Integer-valued fields that the Gemini schema spells as strings (int64 in its protobuf origin).
const INTEGER_FIELDS = new Set(['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties']);

/**
 * A Gemini `Schema` (types in capitals, some integers as strings), as ADK hands tool declarations to a
 * model, turned back into the JSON Schema an OpenAI-compatible server expects.
 */
export function geminiSchemaToJson(schema: unknown): Record<string, unknown> {
  if (typeof schema !== 'object' || schema === null) return {};
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    if (key === 'type' && typeof value === 'string') result.type = value.toLowerCase();
    else if (key === 'properties' && typeof value === 'object') {
      result.properties = Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([name, child]) => [name, geminiSchemaToJson(child)]));
    } else if (key === 'items') result.items = geminiSchemaToJson(value);
    else if (key === 'anyOf' && Array.isArray(value)) result.anyOf = value.map(geminiSchemaToJson);
    else if (INTEGER_FIELDS.has(key) && typeof value === 'string') result[key] = Number(value);
    else if (key !== 'propertyOrdering') result[key] = value;
  }
  return result;
}

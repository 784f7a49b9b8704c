/** A string field of a parsed result, or undefined. Results are outside input: every read is checked. */
export function textField(data: Readonly<Record<string, unknown>>, key: string): string | undefined {
  const value = data[key];
  return typeof value === 'string' ? value : undefined;
}

/** A finite number field of a parsed result, or undefined. */
export function numberField(data: Readonly<Record<string, unknown>>, key: string): number | undefined {
  const value = data[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** The objects of an array field, skipping anything that is not an object. */
export function objectList(data: Readonly<Record<string, unknown>>, key: string): Record<string, unknown>[] {
  const value = data[key];
  if (!Array.isArray(value)) return [];
  return value.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null && !Array.isArray(item));
}

/** An object field, or undefined. */
export function objectField(data: Readonly<Record<string, unknown>>, key: string): Record<string, unknown> | undefined {
  const value = data[key];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** Strings of an array field. */
export function textList(data: Readonly<Record<string, unknown>>, key: string): string[] {
  const value = data[key];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

import type { z } from 'zod';

const SHOWN_CHARACTERS = 40;
// C0 and C1 control characters: never meaningful in identifiers, cities or a one-line reason.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;

/** A value as it may appear in a problem message: short, one line, never the whole 100 KB input. */
export function quoteValue(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  const oneLine = text.replace(CONTROL_CHARACTERS, '?');
  const shown = oneLine.length > SHOWN_CHARACTERS ? `${oneLine.slice(0, SHOWN_CHARACTERS)}… (${text.length} characters)` : oneLine;
  return JSON.stringify(shown);
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isNaN(value)) return 'NaN';
  return typeof value;
}

function fieldOf(path: readonly PropertyKey[]): string {
  return path.length === 0 ? 'arguments' : path.map(String).join('.');
}

/** Turns zod issues into `field: what is wrong` lines; `input` is the raw arguments, to say what was received. */
export function zodProblems(error: z.ZodError, input: unknown): string[] {
  return error.issues.flatMap((issue): string[] => {
    const field = fieldOf(issue.path);
    switch (issue.code) {
      case 'unrecognized_keys':
        return issue.keys.map((key) => `${key}: unknown field`);
      case 'invalid_type': {
        const received = valueAt(input, issue.path);
        if (received === undefined) return [`${field}: is required`];
        return [`${field}: expected ${issue.expected === 'object' ? 'an object' : `a ${issue.expected}`}, got ${typeOf(received)}`];
      }
      case 'too_big':
        return [`${field}: must be at most ${String(issue.maximum)}${issue.origin === 'string' ? ' characters long' : ''}`];
      case 'too_small':
        return [
          issue.origin === 'string'
            ? `${field}: must be at least ${String(issue.minimum)} characters long`
            : `${field}: must be ${issue.inclusive ? 'at least' : 'greater than'} ${String(issue.minimum)}`,
        ];
      default:
        return [`${field}: ${issue.message}`];
    }
  });
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current = input;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** Problems with free text that a schema cannot express: control characters and broken Unicode. */
export function textProblems(field: string, value: string): string[] {
  const problems: string[] = [];
  if (!value.isWellFormed()) problems.push(`${field}: is not well-formed Unicode text`);
  if (value.search(CONTROL_CHARACTERS) !== -1) problems.push(`${field}: must not contain control characters`);
  // U+FFFD is what a decoder leaves where the bytes were not UTF-8: the text arrived damaged.
  if (value.includes('\uFFFD')) problems.push(`${field}: contains bytes that were not valid UTF-8`);
  return problems;
}

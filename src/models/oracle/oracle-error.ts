import type { z } from 'zod';

/** An error answer in OpenAI's shape: every field present, `param` naming the request field at fault. */
export interface OracleError {
  status: 400 | 404 | 405 | 500;
  body: { error: { message: string; type: 'invalid_request_error' | 'server_error'; param: string | null; code: string | null } };
}

export function invalidRequest(message: string, param: string | null, code: string | null, status: OracleError['status'] = 400): OracleError {
  return { status, body: { error: { message, type: 'invalid_request_error', param, code } } };
}

/** `messages[0].content` for a path, as a client's field names read. */
function paramOf(path: readonly PropertyKey[]): string {
  return path.map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`)).join('');
}

/** The first problem of a request the schema refused, as OpenAI names it (an unknown field is refused by name). */
export function fromSchemaIssue(issue: z.core.$ZodIssue): OracleError {
  if (issue.code === 'unrecognized_keys') {
    const param = paramOf([...issue.path, issue.keys[0] ?? '']);
    return invalidRequest(`Unrecognized request argument supplied: ${param}`, param, 'unknown_parameter');
  }
  const param = paramOf(issue.path) || null;
  const code = issue.code === 'too_small' ? 'below_min_value' : issue.code === 'too_big' ? 'above_max_value' : issue.code === 'invalid_type' ? 'invalid_type' : 'invalid_value';
  // Messages written here already name their field; zod's own ones get it prefixed.
  const message = param && !issue.message.startsWith(`${param.split('.').at(-1) ?? ''}:`) ? `Invalid value for '${param}': ${issue.message}` : issue.message;
  return invalidRequest(message, param, code);
}

import { ApiError } from './api-error.js';

/**
 * The 422 `invalid_edit` every decision route answers for a refused edit: the edit rule's problems
 * (`refund_uah: …`) in the message, and the fields they name in `fields`.
 */
export function invalidEdit(message: string, problems: readonly string[]): ApiError {
  const fields = [...new Set(problems.map((problem) => /^([a-z_]+):/.exec(problem)?.[1]).filter((field): field is string => field !== undefined))];
  return new ApiError('invalid_edit', message, fields);
}

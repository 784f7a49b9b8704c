import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** Codes a client can branch on; each maps to one HTTP status. */
export type ApiErrorCode =
  | 'bad_request'
  | 'invalid_json'
  | 'invalid_body'
  | 'body_too_large'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'already_decided'
  | 'nothing_pending'
  | 'invalid_edit'
  | 'link_used'
  | 'thread_exists'
  | 'thread_busy'
  | 'run_ended'
  | 'run_taken_over'
  | 'runtime_mismatch'
  | 'unsupported'
  | 'stage_refused'
  | 'rollout_conflict'
  | 'internal';

const STATUS: Readonly<Record<ApiErrorCode, ContentfulStatusCode>> = {
  bad_request: 400,
  invalid_json: 400,
  invalid_body: 400,
  body_too_large: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  invalid_edit: 422,
  already_decided: 409,
  nothing_pending: 409,
  thread_exists: 409,
  thread_busy: 409,
  run_ended: 409,
  run_taken_over: 409,
  runtime_mismatch: 409,
  link_used: 410,
  unsupported: 422,
  stage_refused: 403,
  rollout_conflict: 409,
  internal: 500,
};

/** A request the API refuses; rendered as `{error: {code, message, fields?}}` with the code's status (`fields`: the ones refused). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: ApiErrorCode;
  readonly status: ContentfulStatusCode;
  readonly fields: readonly string[];

  constructor(code: ApiErrorCode, message: string, fields: readonly string[] = []) {
    super(message);
    this.code = code;
    this.status = STATUS[code];
    this.fields = fields;
  }

  static isInstance(value: unknown): value is ApiError {
    return value instanceof Error && value.name === 'ApiError';
  }

  /** The JSON body every error response carries. */
  toBody(): { error: { code: ApiErrorCode; message: string; fields?: string[] } } {
    return { error: { code: this.code, message: this.message, ...(this.fields.length > 0 && { fields: [...this.fields] }) } };
  }
}

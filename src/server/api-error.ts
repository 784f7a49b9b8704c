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
  | 'runtime_mismatch'
  | 'unsupported'
  | 'internal';

const STATUS: Readonly<Record<ApiErrorCode, ContentfulStatusCode>> = {
  bad_request: 400,
  invalid_json: 400,
  invalid_body: 400,
  body_too_large: 400,
  invalid_edit: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  already_decided: 409,
  nothing_pending: 409,
  thread_exists: 409,
  thread_busy: 409,
  run_ended: 409,
  runtime_mismatch: 409,
  link_used: 410,
  unsupported: 422,
  internal: 500,
};

/** A request the API refuses; rendered as `{error: {code, message}}` with the code's status. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: ApiErrorCode;
  readonly status: ContentfulStatusCode;

  constructor(code: ApiErrorCode, message: string) {
    super(message);
    this.code = code;
    this.status = STATUS[code];
  }

  static isInstance(value: unknown): value is ApiError {
    return value instanceof Error && value.name === 'ApiError';
  }

  /** The JSON body every error response carries. */
  toBody(): { error: { code: ApiErrorCode; message: string } } {
    return { error: { code: this.code, message: this.message } };
  }
}

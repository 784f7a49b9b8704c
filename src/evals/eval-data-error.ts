/** Why an eval data file or option could not be used. */
export type EvalDataErrorCode = 'unreadable' | 'invalid_json' | 'invalid_schema' | 'unsupported_version' | 'unknown_runtime';

/** A malformed corpus or task file, or an unknown runtime: the message names the file and the problem. */
export class EvalDataError extends Error {
  override readonly name = 'EvalDataError';
  readonly code: EvalDataErrorCode;

  constructor(code: EvalDataErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }

  static isInstance(value: unknown): value is EvalDataError {
    return value instanceof Error && value.name === 'EvalDataError';
  }
}

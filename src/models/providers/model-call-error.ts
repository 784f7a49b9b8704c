/** Why a model call failed, as the run's stop reason. */
export type ModelFailure = 'model_error' | 'model_unavailable';

export interface FailedAttempt {
  model: string;
  message: string;
  status?: number;
}

/**
 * Every configured model failed (after its own retries), or none can serve the request. The runtime ends
 * the run with `code` as its stop reason; `attempts` says what each endpoint answered.
 */
export class ModelCallError extends Error {
  override readonly name = 'ModelCallError';
  readonly code: ModelFailure;
  readonly attempts: readonly FailedAttempt[];

  constructor(code: ModelFailure, attempts: readonly FailedAttempt[], message?: string) {
    super(message ?? `${code}: ${attempts.map((a) => `${a.model}: ${a.message}`).join('; ') || 'no model configured'}`);
    this.code = code;
    this.attempts = attempts;
  }

  static isInstance(value: unknown): value is ModelCallError {
    return value instanceof Error && value.name === 'ModelCallError';
  }
}

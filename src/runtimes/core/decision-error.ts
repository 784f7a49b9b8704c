/** Codes of a decision that cannot be applied; the CLI maps them to exit code 2. */
/** `already_decided`: another caller (any process) decided this pause first. */
/** `thread_awaiting_approval`: a new message on a thread whose pause is not decided yet. */
/** `thread_busy`: a run is in flight on the thread (one at a time); try again when it has ended. */
export type DecisionErrorCode = 'nothing_pending' | 'already_decided' | 'invalid_edit' | 'unknown_thread' | 'thread_awaiting_approval' | 'thread_busy';

/** An approval decision that was refused; the run stays as it was. */
export class DecisionError extends Error {
  override readonly name = 'DecisionError';
  readonly code: DecisionErrorCode;
  readonly problems: readonly string[];

  constructor(code: DecisionErrorCode, message: string, problems: readonly string[] = []) {
    super(message);
    this.code = code;
    this.problems = problems;
  }

  static isInstance(value: unknown): value is DecisionError {
    return value instanceof Error && value.name === 'DecisionError';
  }
}

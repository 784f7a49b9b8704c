/** A bad command line or configuration value; the message says what is allowed. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  readonly code = 'usage' as const;

  static isInstance(value: unknown): value is UsageError {
    return value instanceof Error && value.name === 'UsageError';
  }
}

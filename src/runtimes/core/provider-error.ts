/**
 * Whether an error came from the model endpoint (an HTTP status, a client error class, or a failed
 * connection somewhere down the `cause` chain): such a run ends `model_error`, not with a crash.
 */
export function isProviderError(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 8; current = current.cause, depth += 1) {
    if (typeof (current as { status?: unknown }).status === 'number') return true;
    if (/APIConnection|APIError|RateLimit|Timeout|InsufficientQuota/i.test(current.name)) return true;
    if (/ECONNREFUSED|fetch failed|Connection error|bad port|ENOTFOUND|socket hang up/i.test(current.message)) return true;
  }
  return false;
}

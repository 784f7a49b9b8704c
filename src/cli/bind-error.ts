import { UsageError } from './usage-error.js';

/**
 * Turns a listen failure into the usage error a person can act on (exit 2): a busy port or an address
 * this machine does not have. Anything else is returned as it came.
 */
export function explainBindError(error: unknown, host: string, port: number): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE') return new UsageError(`port ${port} on ${host} is in use; pick another with --port`);
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') return new UsageError(`cannot bind to ${host}; check --host`);
  if (code === 'EACCES') return new UsageError(`not allowed to bind port ${port} on ${host}; pick a port above 1023 with --port`);
  return error;
}

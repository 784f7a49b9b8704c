import { UsageError } from './usage-error.js';

/** A TCP port from a command-line string; 0 means "pick a free one". */
export function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a whole number from 0 to 65535, got ${JSON.stringify(value)}`);
  return port;
}

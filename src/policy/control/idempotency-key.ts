import { argsHash } from '../../domain/index.js';

/**
 * The idempotency key of a write: stable for the same thread, tool and arguments, so a node that re-runs
 * after resuming from a checkpoint repeats the same key and the server refunds once.
 */
export function idempotencyKey(threadId: string, tool: string, args: unknown): string {
  const safeThread = threadId.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 64);
  return `${safeThread}:${tool}:${argsHash(args).slice(0, 24)}`;
}

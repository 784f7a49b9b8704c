import { argsHash } from '../../domain/index.js';

/**
 * The idempotency key of a write: stable for the same thread, tool and arguments, so a node that re-runs
 * after resuming from a checkpoint repeats the same key and the server refunds once.
 */
export function idempotencyKey(threadId: string, tool: string, args: unknown): string {
  return `${keyThread(threadId)}:${tool}:${argsHash(args).slice(0, 24)}`;
}

const keyThread = (threadId: string): string => threadId.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 64);

/**
 * The thread a key of {@link idempotencyKey}'s names, as the key holds it (its first part), when that is
 * not `threadId`; undefined when it is `threadId`'s or the key is not of that shape.
 */
export function keyOfOtherThread(key: string | undefined, threadId: string): string | undefined {
  const parts = key?.split(':');
  if (parts === undefined || parts.length !== 3 || parts[0] === undefined || parts[0] === '') return undefined;
  return parts[0] === keyThread(threadId) ? undefined : parts[0];
}

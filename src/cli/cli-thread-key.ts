import type { RunRecord } from '../telemetry/index.js';
import { databasePath } from './database-path.js';

/**
 * The thread the CLI's tenant names `threadId`, as its storage key, resolved as HTTP resolves a
 * tenant's thread id (`threadKey`, src/server/thread-key.ts): the bare id while no other tenant owns
 * it, `<tenant>~<id>` when the tenant's own thread of that id is kept under it. So `--thread t1` with
 * WAYBILL_TENANT=acme reaches the thread acme made over HTTP as `t1`, and another tenant's `t1` reads
 * as a free id. An id with `~` is a storage key already (never a public id): it is used as it is, and
 * the commands' own tenant checks still apply to it.
 */
export async function cliThreadKey(threadId: string, tenant: string): Promise<string> {
  if (threadId.includes('~')) return threadId;
  const { openRunStore } = await import('../telemetry/index.js');
  const { threadKey } = await import('../server/thread-key.js');
  const runs = await openRunStore(databasePath());
  try {
    return await threadKey(runs, tenant, threadId);
  } finally {
    await runs.close();
  }
}

/**
 * Runs `fn` on the thread kept under `key` and speaks of it as the tenant named it: a message that
 * names the key (a refusal such as "thread acme~t1 has no pending approval") names `named` instead.
 */
export async function asNamedThread<T>(key: string, named: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (key !== named && error instanceof Error) error.message = error.message.replaceAll(key, named);
    throw error;
  }
}

/** A run record with its thread id as the tenant named it (`publicRun`), as HTTP shows it. */
export async function namedRun(record: RunRecord): Promise<RunRecord> {
  // A bare key is the id itself: nothing of the server is loaded for it (an offline ask stays light).
  if (!record.thread_id.includes('~')) return record;
  const { publicRun } = await import('../server/thread-key.js');
  return publicRun(record);
}

import type { RunRecord, RunStore } from '../telemetry/index.js';
import { ApiError } from './api-error.js';

/** Joins a tenant and a public thread id into a storage key; never in a public id (ThreadId refuses it). */
const SEPARATOR = '~';

type Owners = Pick<RunStore, 'threadOwner' | 'claimThread'>;

const qualified = (tenant: string, threadId: string) => `${tenant}${SEPARATOR}${threadId}`;

/** The thread id a client sent, from the storage key it maps to (the part after the tenant, if any). */
export const publicThreadId = (key: string): string => key.slice(key.lastIndexOf(SEPARATOR) + 1);

/** A run record as its tenant sees it over HTTP: with the thread id it sent, not the storage key. */
export const publicRun = (record: RunRecord): RunRecord => ({ ...record, thread_id: publicThreadId(record.thread_id) });

/**
 * The storage key (the kernel's thread id: run records, checkpoints, thread owners) of the thread a
 * tenant names `threadId` over HTTP. Thread ids are scoped by tenant, so two tenants can each have
 * "thread-1": the bare id while no other tenant owns it (every thread made before ids were scoped,
 * and the CLI's, which acts as the local tenant with bare ids, keep their key), otherwise the id
 * qualified by the tenant. Another tenant's id therefore resolves to a key no one owns: it behaves as
 * a free id. Claims nothing; `claimThreadKey` does.
 */
export async function threadKey(owners: Owners, tenant: string, threadId: string): Promise<string> {
  const own = qualified(tenant, threadId);
  if ((await owners.threadOwner(own)) === tenant) return own;
  const owner = await owners.threadOwner(threadId);
  return owner === undefined || owner === tenant ? threadId : own;
}

/** The key `threadKey` gives, claimed for the tenant (another tenant taking the bare id meanwhile leaves it the qualified one). */
export async function claimThreadKey(owners: Owners, tenant: string, threadId: string): Promise<string> {
  const key = await threadKey(owners, tenant, threadId);
  if ((await owners.claimThread(key, tenant)) === tenant) return key;
  const own = qualified(tenant, threadId);
  // Only a bare id containing the separator (never one that passed ThreadId) could have taken it first.
  if ((await owners.claimThread(own, tenant)) !== tenant) throw new ApiError('internal', `thread ${threadId} could not be claimed`);
  return own;
}

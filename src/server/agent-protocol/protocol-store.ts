import type { AlsoInTransaction } from '../../telemetry/index.js';
import { publicThreadId } from '../thread-key.js';
import type { StoredMessage } from './protocol-values.js';

export type ProtocolThreadStatus = 'idle' | 'busy' | 'interrupted' | 'error';
export type ProtocolRunStatus = 'pending' | 'running' | 'error' | 'success' | 'timeout' | 'interrupted';
export type Json = Record<string, unknown>;

export interface ProtocolThreadRow {
  /** The storage key (thread-key.ts); the kernel's thread id. */
  thread_id: string;
  /** The kernel's owner of the thread (`thread_owners`), read, not stored here. */
  tenant: string;
  metadata: Json;
  created_at: string;
  updated_at: string;
}

/**
 * A thread's conversation after one run, as the protocol alone knows it: the questions as the clients
 * sent them (redacted), the message ids, and the parent chain. The answers are references to the kernel's
 * run records, and the interrupt of a pause is that run's record (`checkpointValues` reads both).
 */
export interface ProtocolCheckpoint {
  checkpoint_id: string;
  thread_id: string;
  parent_id: string | null;
  run_id: string;
  messages: StoredMessage[];
  created_at: string;
}

/**
 * What the protocol alone knows of a run: the request (assistant, metadata, stream modes), whether a
 * process drives its stream, and whether its stream is complete. Its status and outcome are the
 * kernel's run record of the same id (`readProtocolRun`), never stored here.
 */
export interface ProtocolRunRow {
  /** The kernel's run id too: the run is recorded under it. */
  run_id: string;
  thread_id: string;
  assistant_id: string;
  metadata: Json;
  /** The stream modes the run was started with: a rejoin that names none streams these. */
  stream_modes: string[];
  created_at: string;
  /** Stamped by the process driving the run (each event and heartbeat); null while no process has taken it (queued). Not stamped for a lease: its process has stopped. */
  heartbeat_at: string | null;
  /** When its last event was stored: its stream is complete. Null while the run is open (one per thread). */
  ended_at: string | null;
  /** The kernel record of a resume started before schema version 4 (recorded under another id); null for every later run. */
  legacy_record_run_id: string | null;
}

/** One stored stream event of a run; `seq` counts from 1 per run and is the SSE `id`. */
export interface ProtocolEventRow {
  run_id: string;
  seq: number;
  event: string;
  data: unknown;
}

export interface NewProtocolRun {
  runId: string;
  threadId: string;
  assistantId: string;
  metadata: Json;
  /** True when the creating process drives it (stamped alive now); false when it is queued for a worker. */
  taken: boolean;
  streamModes: readonly string[];
  /** The run's first events (numbered from 1), stored with it: a run is never seen without them. */
  events?: ReadonlyArray<{ event: string; data: unknown }>;
}

export interface NewCheckpoint {
  checkpointId: string;
  threadId: string;
  runId: string;
  messages: StoredMessage[];
}

export interface ThreadSearch {
  tenant: string;
  /** Thread ids as the tenant names them (not storage keys). */
  metadata?: Json;
  ids?: string[];
  limit: number;
  offset: number;
}

/** Every row of the store, oldest first, for `waybill db copy`. */
export interface StoredProtocol {
  threads: ProtocolThreadRow[];
  checkpoints: ProtocolCheckpoint[];
  runs: ProtocolRunRow[];
  events: ProtocolEventRow[];
}

/**
 * What the Agent Protocol adds to Waybill's own stores: threads with their metadata (owned in the kernel's thread owners),
 * a checkpoint of the thread's conversation after each run (answers by reference to their kernel runs), and the protocol's part of each run (the request,
 * its stream's events, liveness and end: its status is the kernel's run record of the same id). Callers
 * check the tenant; this store does not. SQLite (the embedded default) and PostgreSQL implement it;
 * `openProtocolStore` picks one by database location.
 */
export interface ProtocolStore {
  /**
   * Creates the thread, claiming it for `tenant` in the kernel's thread owners in the same transaction
   * (a no-op when the caller claimed it first); false when the id is taken or owned by another tenant.
   */
  createThread(input: { threadId: string; tenant: string; metadata: Json }): Promise<boolean>;
  getThread(threadId: string): Promise<ProtocolThreadRow | undefined>;
  /** The tenant's threads, newest first, whose metadata contains every given key with an equal value. */
  searchThreads(query: ThreadSearch): Promise<ProtocolThreadRow[]>;
  /** Appends a checkpoint whose parent is the thread's latest one; its answers are references (`storedMessages`). */
  addCheckpoint(input: NewCheckpoint): Promise<ProtocolCheckpoint>;
  latestCheckpoint(threadId: string): Promise<ProtocolCheckpoint | undefined>;
  /** Newest first. */
  listCheckpoints(threadId: string, limit: number): Promise<ProtocolCheckpoint[]>;
  /**
   * An open run, queued for a worker or `taken` by the process that creates it, and the thread's last
   * update; undefined when the thread already has an open run (one at a time, the protocol's `reject`
   * multitask strategy: of concurrent creations on any connections one wins).
   * `alsoInTransaction` runs more SQL in the same transaction (the queue job that runs it: a run is never
   * recorded `pending` without its job); PostgreSQL only, SQLite refuses it. What it throws undoes the run.
   */
  createRun(input: NewProtocolRun, alsoInTransaction?: AlsoInTransaction): Promise<ProtocolRunRow | undefined>;
  /**
   * The process that runs a run takes it (a retry after its process died takes it again): it is stamped
   * alive. `taken` is false when the run has ended; `cancel` when a cancel was requested.
   */
  takeRun(runId: string): Promise<{ taken: boolean; cancel: boolean }>;
  /** Stamps the running run as alive; true when a cancel has been requested for it. */
  heartbeat(runId: string): Promise<boolean>;
  /** Asks the process running the run to stop it; false when the run has ended. */
  requestCancel(runId: string): Promise<boolean>;
  /** The thread's open run, if any (one at a time: the thread is claimed). */
  activeRun(threadId: string): Promise<ProtocolRunRow | undefined>;
  /** Appends events after the run's last one, numbered on, in one transaction; stamps the run as alive. */
  appendEvents(runId: string, events: ReadonlyArray<{ event: string; data: unknown }>): Promise<void>;
  /** The run's events numbered after `afterSeq`, in order, at most `limit`. */
  listEvents(runId: string, afterSeq: number, limit: number): Promise<ProtocolEventRow[]>;
  /** The run's stream is complete (its last event is stored): it is no longer open, and followers stop. */
  endRun(runId: string): Promise<void>;
  /** The protocol's part of a run; its status is the kernel's (`readProtocolRun`). */
  runRequest(runId: string): Promise<ProtocolRunRow | undefined>;
  /** Newest first. */
  listRunRequests(threadId: string, limit: number, offset: number): Promise<ProtocolRunRow[]>;
  /** Open runs not stamped since `cutoffIso` (queued ones: not since they were created): a taken one's process stopped mid-run; a queued one waits for a worker, or for a decision a stopped process never recorded. */
  staleRuns(cutoffIso: string): Promise<ProtocolRunRow[]>;
  /**
   * Calls `onNews(runId)` whenever any process stores events of a run or ends it, until the returned
   * stop is called: PostgreSQL's LISTEN/NOTIFY, so a follower in another process wakes at once rather
   * than at its next poll (which stays the fallback: a lost notification only delays). Absent on SQLite.
   */
  listen?(onNews: (runId: string) => void, onError: (error: Error) => void): Promise<() => Promise<void>>;
  exportAll(): Promise<StoredProtocol>;
  /** Writes rows as they are, in order; ids already present are left alone. */
  importAll(rows: StoredProtocol): Promise<void>;
  close(): Promise<void>;
}

/** A stored thread row: metadata is JSON text on both backends. */
export type ThreadRowText = Omit<ProtocolThreadRow, 'metadata'> & { metadata: string };
export type RunRowText = Omit<ProtocolRunRow, 'metadata' | 'stream_modes'> & { metadata: string; stream_modes: string | null };
/** The stored columns of a run, in the order exports and imports write them. */
export const RUN_COLUMNS = 'run_id, thread_id, assistant_id, metadata, stream_modes, created_at, heartbeat_at, ended_at, legacy_record_run_id';
export const runValues = (r: ProtocolRunRow): unknown[] => [r.run_id, r.thread_id, r.assistant_id, JSON.stringify(r.metadata), JSON.stringify(r.stream_modes), r.created_at, r.heartbeat_at, r.ended_at, r.legacy_record_run_id];
export interface EventRowText {
  run_id: string;
  seq: number | string;
  event: string;
  data: string;
}
export interface CheckpointRowText {
  checkpoint_id: string;
  thread_id: string;
  parent_id: string | null;
  run_id: string;
  messages: string;
  created_at: string;
}

const parse = (text: string): Json => JSON.parse(text) as Json;
export const toThread = (row: ThreadRowText): ProtocolThreadRow => ({ ...row, metadata: parse(row.metadata) });
export const toRun = (row: RunRowText): ProtocolRunRow => ({
  run_id: row.run_id, thread_id: row.thread_id, assistant_id: row.assistant_id, metadata: parse(row.metadata),
  stream_modes: row.stream_modes ? (JSON.parse(row.stream_modes) as string[]) : ['values'], created_at: row.created_at,
  heartbeat_at: row.heartbeat_at, ended_at: row.ended_at, legacy_record_run_id: row.legacy_record_run_id,
});
/** A run as `createRun` stores it. */
export const newRunRow = (input: NewProtocolRun, at: string): ProtocolRunRow => ({
  run_id: input.runId, thread_id: input.threadId, assistant_id: input.assistantId, metadata: input.metadata, stream_modes: [...input.streamModes], created_at: at,
  heartbeat_at: input.taken ? at : null, ended_at: null, legacy_record_run_id: null,
});
export const toEvent = (row: EventRowText): ProtocolEventRow => ({ run_id: row.run_id, seq: Number(row.seq), event: row.event, data: JSON.parse(row.data) as unknown });
export const toCheckpoint = (row: CheckpointRowText): ProtocolCheckpoint => ({
  checkpoint_id: row.checkpoint_id, thread_id: row.thread_id, parent_id: row.parent_id, run_id: row.run_id, messages: JSON.parse(row.messages) as StoredMessage[], created_at: row.created_at,
});

/** The search's filters after the tenant's rows are read newest first (the same on both backends). */
export function filterThreads(rows: readonly ProtocolThreadRow[], query: ThreadSearch): ProtocolThreadRow[] {
  const wanted = Object.entries(query.metadata ?? {});
  return rows
    .filter((t) => (!query.ids || query.ids.includes(publicThreadId(t.thread_id))) && wanted.every(([k, v]) => JSON.stringify(t.metadata[k]) === JSON.stringify(v)))
    .slice(query.offset, query.offset + query.limit);
}

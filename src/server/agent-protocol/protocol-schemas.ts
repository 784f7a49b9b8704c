import { z } from 'zod';
import { redactValues } from '../../policy/index.js';
import { ThreadId } from '../request-schemas.js';
import { UNSUPPORTED } from './read-protocol-body.js';
import { STREAM_MODES } from './stream-modes.js';

// Metadata is stored with threads and runs (and matched by search): personal data in it never is.
const Metadata = z.record(z.string(), z.unknown()).transform(redactValues);
const StreamMode = z.union([z.string(), z.array(z.string())], { error: `stream_mode: one or more of ${STREAM_MODES.join(', ')}` });

const isEmpty = (value: unknown) => value === undefined || value === null || (typeof value === 'object' && Object.keys(value).length === 0);
/** A field Waybill takes only empty (or absent): anything else is 422 naming it, with why. */
const onlyEmpty = (why: string) => z.unknown().refine(isEmpty, { message: why, ...UNSUPPORTED }).optional();
/** A field Waybill takes only with the values it honours. */
const onlyValues = <T extends string | boolean | number>(values: readonly T[], why: string) => z.unknown().refine((v) => v === undefined || v === null || values.includes(v as T), { message: why, ...UNSUPPORTED }).optional();

/** `config`: empty, or a `configurable` naming nothing but the thread (what LangGraph clients add themselves). */
const Config = z.unknown().refine((v) => {
  if (isEmpty(v)) return true;
  if (typeof v !== 'object' || Array.isArray(v)) return false;
  const { configurable, ...rest } = v as Record<string, unknown>;
  return Object.keys(rest).length === 0 && (isEmpty(configurable) || (typeof configurable === 'object' && Object.keys(configurable as object).every((k) => k === 'thread_id')));
}, { message: 'a Waybill run is configured by waybill serve (runtime, model, limits), not per run: send no config (configurable.thread_id alone is accepted)', ...UNSUPPORTED }).optional();

/**
 * A run request (`POST .../runs`, `/runs/stream`, `/runs/wait`): every field LangGraph clients send is
 * either honoured or refused by name with 422 (docs/agent-protocol.md "Run requests"); a field not
 * listed here is 422 too.
 */
export const RunBody = z.strictObject({
  assistant_id: z.string().min(1, 'must name an assistant (the runtime, e.g. "langgraph")'),
  input: z.unknown().optional(),
  command: z.looseObject({ resume: z.unknown().optional() }).nullish(),
  stream_mode: StreamMode.nullish(),
  metadata: Metadata.nullish(),
  if_not_exists: z.enum(['create', 'reject']).nullish(),
  multitask_strategy: onlyValues(['reject'], 'only "reject" (one run per thread at a time)'),
  interrupt_before: onlyEmpty('Waybill pauses only where an approval is needed'),
  interrupt_after: onlyEmpty('Waybill pauses only where an approval is needed'),
  config: Config,
  context: onlyEmpty('a Waybill run takes no run context: its tenant comes from the API key'),
  checkpoint: onlyEmpty('a run always continues the thread\'s latest state (no forking from an older checkpoint)'),
  checkpoint_id: onlyEmpty('a run always continues the thread\'s latest state (no forking from an older checkpoint)'),
  checkpoint_during: onlyValues([true], 'a Waybill run is checkpointed after every step, always'),
  durability: onlyValues(['sync'], 'a Waybill run is checkpointed after every step, before the next ("sync"), always'),
  stream_resumable: z.boolean().nullish(),
  stream_subgraphs: onlyValues([false], 'Waybill streams one graph (its workers\' steps come as custom and updates events)'),
  on_disconnect: z.enum(['continue', 'cancel']).nullish(),
  on_completion: onlyValues(['keep'], 'Waybill keeps a stateless run\'s thread (a paused run is resumed on it)'),
  strict_resume: onlyValues([true], 'a resume with nothing pending is always refused (409 nothing_pending)'),
  after_seconds: onlyValues([0], 'a Waybill run starts at once (no delayed runs)'),
  webhook: onlyEmpty('run webhooks are not sent; approval webhooks are configured under /v1/admin/webhooks'),
  feedback_keys: onlyEmpty('LangSmith feedback is not collected'),
  langsmith_tracer: onlyEmpty('runs are traced with OpenTelemetry (docs/observability.md), not LangSmith'),
});
export type RunBody = z.infer<typeof RunBody>;

/** `POST /threads`. */
export const CreateThreadBody = z.strictObject({
  thread_id: ThreadId.nullish(),
  metadata: Metadata.nullish(),
  if_exists: z.enum(['raise', 'do_nothing']).nullish(),
  graph_id: z.string().nullish(),
  supersteps: onlyEmpty('a thread starts empty: its state comes from runs only'),
  ttl: onlyEmpty('threads are kept (they are pruned with their runs: waybill db prune)'),
});

const THREAD_FIELDS = ['thread_id', 'created_at', 'updated_at', 'state_updated_at', 'metadata', 'status', 'values', 'interrupts', 'config'] as const;

/** `POST /threads/search`. */
export const SearchThreadsBody = z.strictObject({
  metadata: Metadata.nullish(),
  ids: z.array(z.string()).nullish(),
  status: z.enum(['idle', 'busy', 'interrupted', 'error']).nullish(),
  limit: z.number().int().min(1).max(1000).nullish(),
  offset: z.number().int().min(0).nullish(),
  sort_by: z.enum(['thread_id', 'status', 'created_at', 'updated_at']).nullish(),
  sort_order: z.enum(['asc', 'desc']).nullish(),
  select: z.array(z.enum(THREAD_FIELDS)).nullish(),
  values: onlyEmpty('threads are searched by metadata, ids and status, not by their values'),
  extract: onlyEmpty('threads are searched by metadata, ids and status; extract is not supported'),
});

/** `POST /threads/:id/history`. */
export const HistoryBody = z.strictObject({
  limit: z.number().int().min(1).max(1000).nullish(),
  before: z.union([z.string(), z.looseObject({ configurable: z.looseObject({ checkpoint_id: z.string() }) })]).nullish(),
  metadata: Metadata.nullish(),
  checkpoint: onlyEmpty('a thread has no subgraph checkpoints to filter by'),
  select: onlyEmpty('history states are answered whole'),
});

const ASSISTANT_FIELDS = ['assistant_id', 'graph_id', 'name', 'description', 'config', 'context', 'metadata', 'version', 'created_at', 'updated_at'] as const;

/** `POST /assistants/search`. */
export const SearchAssistantsBody = z.strictObject({
  graph_id: z.string().nullish(),
  name: z.string().nullish(),
  metadata: Metadata.nullish(),
  limit: z.number().int().min(1).max(1000).nullish(),
  offset: z.number().int().min(0).nullish(),
  sort_by: z.enum(['assistant_id', 'graph_id', 'name', 'created_at', 'updated_at']).nullish(),
  sort_order: z.enum(['asc', 'desc']).nullish(),
  select: z.array(z.enum(ASSISTANT_FIELDS)).nullish(),
});

/** `GET /threads/:id/runs`: query parameters. */
export const ListRunsQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  status: z.enum(['pending', 'running', 'error', 'success', 'timeout', 'interrupted']).optional(),
  select: z.undefined({ error: 'runs are answered whole' }).optional(),
});

/** `GET /threads/:id/runs/:run/stream` and `/join`: query parameters besides `stream_mode`. */
export const RejoinQuery = z.strictObject({
  stream_mode: z.unknown().optional(),
  cancel_on_disconnect: z.enum(['0', '1', 'true', 'false']).optional(),
});

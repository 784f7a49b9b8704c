import { z } from 'zod';
import { redactValues } from '../../policy/index.js';
import { ThreadId } from '../request-schemas.js';
import { STREAM_MODES } from './stream-modes.js';

// Metadata is stored with threads and runs (and matched by search): personal data in it never is.
const Metadata = z.record(z.string(), z.unknown()).transform(redactValues);
const StreamMode = z.union([z.enum(STREAM_MODES), z.array(z.enum(STREAM_MODES))], { error: `stream_mode: one or more of ${STREAM_MODES.join(', ')} (debug, tasks and checkpoints are not produced)` });

/**
 * A run request (`POST .../runs`, `/runs/stream`, `/runs/wait`). LangGraph clients send many optional
 * fields; those Waybill has no use for are accepted and ignored (docs/agent-protocol.md lists them), those
 * that would change what runs and cannot be honoured are refused by name.
 */
export const RunBody = z.looseObject({
  assistant_id: z.string().min(1, 'must name an assistant (the runtime, e.g. "langgraph")'),
  input: z.unknown().optional(),
  command: z.looseObject({ resume: z.unknown().optional() }).nullish(),
  stream_mode: StreamMode.nullish(),
  metadata: Metadata.nullish(),
  if_not_exists: z.enum(['create', 'reject']).nullish(),
  multitask_strategy: z.literal('reject', { error: 'multitask_strategy: only "reject" (one run per thread at a time)' }).nullish(),
  interrupt_before: z.array(z.string()).max(0, 'interrupt_before: Waybill pauses only where an approval is needed').nullish(),
  interrupt_after: z.array(z.string()).max(0, 'interrupt_after: Waybill pauses only where an approval is needed').nullish(),
});
export type RunBody = z.infer<typeof RunBody>;

/** `POST /threads`. */
export const CreateThreadBody = z.looseObject({
  thread_id: ThreadId.nullish(),
  metadata: Metadata.nullish(),
  if_exists: z.enum(['raise', 'do_nothing']).nullish(),
});

/** `POST /threads/search`. */
export const SearchThreadsBody = z.looseObject({
  metadata: Metadata.nullish(),
  ids: z.array(z.string()).nullish(),
  status: z.enum(['idle', 'busy', 'interrupted', 'error']).nullish(),
  limit: z.number().int().min(1).max(1000).nullish(),
  offset: z.number().int().min(0).nullish(),
});

/** `POST /threads/:id/history`. */
export const HistoryBody = z.looseObject({ limit: z.number().int().min(1).max(1000).nullish() });

/** `POST /assistants/search`. */
export const SearchAssistantsBody = z.looseObject({ graph_id: z.string().nullish(), limit: z.number().int().min(1).nullish(), offset: z.number().int().min(0).nullish() });

import { ApiError } from '../api-error.js';

/** The stream modes this server produces; `messages-tuple` is sent as `messages` events. */
export const STREAM_MODES = ['values', 'updates', 'messages', 'messages-tuple', 'events', 'custom'] as const;
export type StreamMode = (typeof STREAM_MODES)[number];

const isMode = (value: unknown): value is StreamMode => typeof value === 'string' && (STREAM_MODES as readonly string[]).includes(value);

/** The requested modes (default `values`, as LangGraph's); throws ApiError `unsupported` (422) naming a mode this server does not produce. */
export function parseStreamModes(value: unknown): StreamMode[] {
  if (value === undefined || value === null) return ['values'];
  const list = Array.isArray(value) ? value : [value];
  const unknown = list.find((mode) => !isMode(mode));
  if (unknown !== undefined) throw new ApiError('unsupported', `stream_mode: ${JSON.stringify(unknown)} is not one of ${STREAM_MODES.join(', ')} (debug, tasks and checkpoints are not produced)`);
  return list.length === 0 ? ['values'] : (list as StreamMode[]);
}

/** Which mode an event belongs to; `metadata`, `error` and `end` reach every stream. */
function modeOf(event: string): StreamMode | undefined {
  if (event === 'messages') return 'messages-tuple';
  if (event.startsWith('messages/')) return 'messages';
  return isMode(event) ? event : undefined;
}

/** True when a stream that asked for `modes` gets `event`. */
export function wantsEvent(modes: readonly StreamMode[], event: string): boolean {
  const mode = modeOf(event);
  return mode === undefined || modes.includes(mode);
}

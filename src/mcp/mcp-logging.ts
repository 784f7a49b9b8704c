import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { LoggingLevel } from '@modelcontextprotocol/sdk/types.js';
import { ErrorCode, LoggingLevelSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

const LEVELS: readonly LoggingLevel[] = LoggingLevelSchema.options;

// Looser than the SDK's own schema on purpose: an unknown level reaches the handler and is answered
// -32602 (invalid params), as the spec asks; the SDK's strict schema would surface it as -32603.
const SetLevelRequest = z.object({ method: z.literal('logging/setLevel'), params: z.looseObject({ level: z.unknown() }) });

/** Sends one `notifications/message` as part of the request being handled (over HTTP: on its stream). */
type SendNotification = (notification: { method: 'notifications/message'; params: { level: LoggingLevel; logger: string; data: unknown } }) => Promise<void>;

export interface McpLogging {
  /** Emits `data` (made only when sent) at `level` to the client when the client's threshold lets it through. */
  log(send: SendNotification, level: LoggingLevel, data: Record<string, unknown> | (() => Record<string, unknown>)): Promise<void>;
}

/**
 * The MCP logging capability for one server instance (one session): `logging/setLevel` sets the
 * threshold, and tool calls report through `notifications/message` at and above it. The threshold is
 * `info` until the client sets one, so debug lines are sent only to clients that ask for them.
 */
export function installMcpLogging(server: Server, options: { initialLevel?: LoggingLevel; logger?: string; enabled?: boolean } = {}): McpLogging {
  let threshold: LoggingLevel = options.initialLevel ?? 'info';
  const loggerName = options.logger ?? 'waybill';
  server.setRequestHandler(SetLevelRequest, (request) => {
    const { level } = request.params;
    if (typeof level !== 'string' || !(LEVELS as readonly string[]).includes(level)) {
      throw new McpError(ErrorCode.InvalidParams, `logging/setLevel: level must be one of ${LEVELS.join(', ')}, got ${JSON.stringify(level)?.slice(0, 40)}`);
    }
    threshold = level as LoggingLevel;
    return {};
  });
  return {
    async log(send, level, data) {
      if (options.enabled === false || LEVELS.indexOf(level) < LEVELS.indexOf(threshold)) return;
      // A client that went away must not turn a finished tool call into a failure.
      await send({ method: 'notifications/message', params: { level, logger: loggerName, data: typeof data === 'function' ? data() : data } }).catch(() => undefined);
    },
  };
}

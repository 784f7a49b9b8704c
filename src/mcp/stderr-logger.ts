/** Levels in increasing severity; WAYBILL_LOG_LEVEL picks the lowest that is written. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

const ORDER: Readonly<Record<LogLevel, number>> = { debug: 10, info: 20, warn: 30, error: 40, silent: 50 };

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/**
 * One JSON line per entry on stderr. stdout belongs to the MCP protocol in stdio mode, so nothing here
 * ever writes there.
 */
export function createStderrLogger(options: { level?: LogLevel; write?: (line: string) => void } = {}): Logger {
  const { level = parseLevel(process.env.WAYBILL_LOG_LEVEL), write = (line) => process.stderr.write(line) } = options;
  const log = (entryLevel: Exclude<LogLevel, 'silent'>) => (message: string, fields: Record<string, unknown> = {}) => {
    if (ORDER[entryLevel] < ORDER[level]) return;
    write(`${JSON.stringify({ ts: new Date().toISOString(), level: entryLevel, msg: message, ...fields })}\n`);
  };
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}

function parseLevel(value: string | undefined): LogLevel {
  const candidate = value?.trim().toLowerCase();
  return candidate !== undefined && candidate in ORDER ? (candidate as LogLevel) : 'info';
}

/** A logger that drops everything, for tests and embedded use. */
export const silentLogger: Logger = createStderrLogger({ level: 'silent' });

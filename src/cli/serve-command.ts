import { Command, Option } from 'commander';
import { databasePath } from './database-path.js';
import type { RuntimeName } from '../runtimes/runtime-name.js';
import { parseRuntimeName } from '../runtimes/runtime-name.js';
import { parsePort } from './parse-port.js';
import { UsageError } from './usage-error.js';

interface ServeOptions {
  host: string;
  port: string;
  publicUrl?: string;
  runtime: string;
  queue?: boolean;
}

/** `waybill serve`: the HTTP API, approval webhooks, /metrics and the operator console in one process. */
export function serveCommand(): Command {
  return new Command('serve')
    .description('serve the HTTP API (/v1), /healthz, /metrics, the operator console (/console) and the LangGraph Agent Protocol (/threads, /runs, /assistants)')
    .option('--host <host>', 'address to bind (loopback by default: only this machine can connect)', '127.0.0.1')
    .option('--port <port>', 'port (0 picks a free one)', '8787')
    .addOption(new Option('--public-url <url>', 'base URL of the approve/reject links in webhooks (default http://HOST:PORT)').env('WAYBILL_PUBLIC_URL'))
    .option('--runtime <name>', 'which runtime serves the runs: langgraph, openai-agents or adk (with --queue, that runtime\'s queue: start workers with the same --runtime)', 'langgraph')
    .option('--queue', 'queue runs and decided approvals for `waybill worker` processes instead of running them here (PostgreSQL only; docs/queue.md)')
    .addHelpText(
      'after',
      '\nEvery /v1 call needs "Authorization: Bearer <key>"; make keys with: waybill keys create --tenant T --role viewer|operator|admin.\n' +
        'LangGraph clients: new Client({ apiUrl: "http://HOST:PORT", apiKey: <key> }), assistant id = the runtime (docs/agent-protocol.md).\n' +
        'Uses the same database as the other commands (WAYBILL_DB, else ./.waybill/waybill.db in a project directory, else\n' +
        '~/.local/share/waybill/waybill.db). Traces go over OTLP only when\n' +
        'OTEL_EXPORTER_OTLP_ENDPOINT is set. Logs are JSON lines on stderr (WAYBILL_LOG_LEVEL). See docs/service.md.',
    )
    .action(async (options: ServeOptions) => {
      const port = parsePort(options.port);
      const runtimeName = parseRuntimeName(options.runtime);
      if (!runtimeName) throw new UsageError(`--runtime must be langgraph, openai-agents or adk, got ${JSON.stringify(options.runtime)}`);
      if (options.publicUrl !== undefined && !/^https?:\/\/[^\s/]+/.test(options.publicUrl)) throw new UsageError(`--public-url must be an http(s) URL, got ${JSON.stringify(options.publicUrl)}`);
      // Loaded on demand: LangChain, Hono and the telemetry SDK are not needed by other commands.
      const { serveWaybill } = await import('../server/index.js');
      const dbPath = databasePath();
      const queue = options.queue ? await openServeQueue(dbPath, runtimeName) : undefined;
      let running;
      try {
        running = await serveWaybill({ dbPath, host: options.host, port, runtimeName, ...(options.publicUrl && { publicUrl: options.publicUrl }), ...(queue && { queue }) });
      } catch (error) {
        await queue?.close();
        const code = (error as { code?: unknown }).code;
        if (code === 'EADDRINUSE') throw new UsageError(`port ${port} on ${options.host} is in use; pick another with --port`);
        if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') throw new UsageError(`cannot bind to ${options.host}; check --host`);
        throw error;
      }
      console.error(`waybill serve: API at ${running.url}/v1, console at ${running.url}/console, LangGraph Agent Protocol at ${running.url} (Ctrl-C stops)`);
      const stop = () => {
        void running.close().then(() => queue?.close()).then(() => process.exit(0));
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
}

/**
 * The served runtime's run queue for `serve --queue`, on the same PostgreSQL database: workers started
 * with the same `--runtime` take its jobs. A decision taken here is queued in its claim's transaction
 * with its intent's lease already lapsed, so a worker resumes it at once.
 */
async function openServeQueue(dbPath: string, runtime: RuntimeName) {
  const { isPostgresUrl, redactLocation } = await import('../storage/database-location.js');
  if (!isPostgresUrl(dbPath)) throw new UsageError(`--queue needs PostgreSQL: set WAYBILL_DB=postgres://... (got ${JSON.stringify(redactLocation(dbPath))})`);
  const { openJobQueue, queueSettingsFromEnv, QueueSettingsError } = await import('../queue/index.js');
  const { createStderrLogger } = await import('../mcp/stderr-logger.js');
  let settings;
  try {
    settings = queueSettingsFromEnv(dbPath);
  } catch (error) {
    if (error instanceof QueueSettingsError) throw new UsageError(error.message);
    throw error;
  }
  return openJobQueue(dbPath, { settings, runtime, logger: createStderrLogger() });
}

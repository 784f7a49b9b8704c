import { Command } from 'commander';
import { explainBindError } from './bind-error.js';
import { parsePort } from './parse-port.js';
import { UsageError } from './usage-error.js';

interface OracleOptions {
  host: string;
  port: string;
  latencyMs: string;
}

/** `waybill oracle`: the offline planner as an OpenAI-compatible endpoint. */
export function oracleCommand(): Command {
  return new Command('oracle')
    .description('serve the offline planner as an OpenAI-compatible API (/v1/chat/completions, /v1/models)')
    .option('--host <host>', 'address to bind', '127.0.0.1')
    .option('--port <port>', 'port (0 picks a free one)', '8089')
    .option('--latency-ms <ms>', 'fixed latency added to every completion', '0')
    .addHelpText(
      'after',
      '\nAny OpenAI client can use it with no key: base URL http://HOST:PORT/v1, any model name.\nUsage is counted with o200k_base (the gpt-4.1 tokenizer). Requests outside tracking, stock,\npricing and cancellation get an honest "not available offline" answer.\ntool_choice, response_format, max_tokens / max_completion_tokens, stop, n and parallel_tool_calls are\nhonoured; out-of-range values, unknown fields and unsupported features are an OpenAI-shaped 400 naming\nthe field (docs/models.md).',
    )
    .action(async (options: OracleOptions) => {
      const latencyMs = Number(options.latencyMs);
      if (!Number.isFinite(latencyMs) || latencyMs < 0 || latencyMs > 60_000) {
        throw new UsageError(`--latency-ms must be a number from 0 to 60000, got ${JSON.stringify(options.latencyMs)}`);
      }
      // Loaded on demand: the tokenizer and HTTP stack are not needed by other commands.
      const { serveOracle } = await import('../models/oracle/serve-oracle.js');
      const port = parsePort(options.port);
      const oracle = await serveOracle({ host: options.host, port, latencyMs }).catch((error: unknown) => {
        throw explainBindError(error, options.host, port);
      });
      console.error(`waybill oracle: serving the offline planner at ${oracle.baseUrl}`);
      const stop = () => {
        void oracle.close().then(() => process.exit(0));
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
}

import { Command } from 'commander';
import { openDomainStore } from '../domain/index.js';
import { createStderrLogger, runSelfcheck, serveHttp, serveStdio } from '../mcp/index.js';
import { parsePort } from './parse-port.js';

interface McpOptions {
  http?: boolean;
  host: string;
  port: string;
  selfcheck?: boolean;
}

/** `waybill mcp`: the domain's MCP server on stdio (default) or Streamable HTTP, or its offline selfcheck. */
export function mcpCommand(): Command {
  return new Command('mcp')
    .description('serve the logistics domain over MCP: stdio by default, Streamable HTTP with --http')
    .option('--http', 'serve Streamable HTTP at http://HOST:PORT/mcp instead of stdio')
    .option('--host <host>', 'address to bind with --http', '127.0.0.1')
    .option('--port <port>', 'port for --http (0 picks a free one)', '8788')
    .option('--selfcheck', 'check the tools, validators and error envelope offline (in-memory database), then exit')
    .addHelpText(
      'after',
      '\nThe database is ./.waybill/waybill.db (created and seeded on first use) unless WAYBILL_DB names another file.\nLogs go to stderr as JSON lines (WAYBILL_LOG_LEVEL=debug|info|warn|error|silent); stdout carries only the protocol.',
    )
    .action(async (options: McpOptions) => {
      if (options.selfcheck) return selfcheck();
      const logger = createStderrLogger();
      const store = openDomainStore();
      if (!options.http) {
        await serveStdio({ store, logger });
        await store.close();
        return;
      }
      const running = await serveHttp({ store, logger, host: options.host, port: parsePort(options.port) });
      logger.info('waybill mcp serving on Streamable HTTP', { url: running.url });
      const stop = async () => {
        await running.close();
        await store.close();
        process.exit(0);
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
}

async function selfcheck(): Promise<void> {
  const results = await runSelfcheck();
  for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name}${r.ok ? '' : `: ${r.detail}`}`);
  const failed = results.filter((r) => !r.ok);
  console.log(failed.length === 0 ? `selfcheck passed: ${results.length} checks` : `selfcheck failed: ${failed.length} of ${results.length} checks`);
  process.exitCode = failed.length === 0 ? 0 : 1;
}

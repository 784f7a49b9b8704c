import { Command } from 'commander';
import { explainBindError } from './bind-error.js';
import { databasePath } from './database-path.js';
import { parsePort } from './parse-port.js';

interface McpOptions {
  http?: boolean;
  host: string;
  port: string;
  db?: string;
  selfcheck?: boolean;
}

/** `waybill mcp`: the domain's MCP server on stdio (default) or Streamable HTTP, or its offline selfcheck. */
export function mcpCommand(): Command {
  return new Command('mcp')
    .description('serve the logistics domain over MCP: stdio by default, Streamable HTTP with --http')
    .option('--http', 'serve Streamable HTTP at http://HOST:PORT/mcp instead of stdio')
    .option('--host <host>', 'address to bind with --http', '127.0.0.1')
    .option('--port <port>', 'port for --http (0 picks a free one)', '8788')
    .option('--db <file>', 'SQLite database file (default: WAYBILL_DB, else ./.waybill/waybill.db in a Waybill project directory, else the user data directory)')
    .option('--selfcheck', 'check the tools, validators and error envelope offline (in-memory database), then exit')
    .addHelpText(
      'after',
      '\nThe database is created and seeded on first use; which file was opened is logged on stderr at start.\n' +
        'Outside a Waybill project directory (one with a .waybill/ folder or Waybill\'s package.json) the default\n' +
        'is $XDG_DATA_HOME/waybill/waybill.db (~/.local/share/waybill/waybill.db), never a new .waybill/ in the\n' +
        'client\'s working directory. Logs go to stderr as JSON lines (WAYBILL_LOG_LEVEL=debug|info|warn|error|silent);\n' +
        'stdout carries only the protocol.',
    )
    .action(async (options: McpOptions) => {
      const port = options.http ? parsePort(options.port) : 0;
      // Loaded on demand: the MCP SDK and SQLite are not needed by other commands or by --help.
      const { createStderrLogger, runSelfcheck, serveHttp, serveStdio } = await import('../mcp/index.js');
      if (options.selfcheck) return selfcheck(runSelfcheck);
      const { openDomainStore } = await import('../domain/open-domain-store.js');
      const logger = createStderrLogger();
      const store = openDomainStore({ path: databasePath(options.db) });
      if (!options.http) {
        await serveStdio({ store, logger });
        await store.close();
        return;
      }
      let running;
      try {
        running = await serveHttp({ store, logger, host: options.host, port });
      } catch (error) {
        await store.close();
        throw explainBindError(error, options.host, port);
      }
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

async function selfcheck(runSelfcheck: () => Promise<{ ok: boolean; name: string; detail?: string }[]>): Promise<void> {
  const results = await runSelfcheck();
  for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name}${r.ok ? '' : `: ${r.detail}`}`);
  const failed = results.filter((r) => !r.ok);
  console.log(failed.length === 0 ? `selfcheck passed: ${results.length} checks` : `selfcheck failed: ${failed.length} of ${results.length} checks`);
  process.exitCode = failed.length === 0 ? 0 : 1;
}

import { Command } from 'commander';
import { UsageError } from './usage-error.js';

interface CompareOptions {
  latencyMs: string;
  json?: boolean;
  out: string;
  write: boolean;
}

/** `waybill compare`: the same requests through LangGraph, the OpenAI Agents SDK and Google ADK, measured. */
export function compareCommand(): Command {
  return new Command('compare')
    .description('run the same requests through every runtime against the oracle and compare calls, tokens, cost, time and code size')
    .option('--latency-ms <ms>', 'latency the oracle adds to every completion, as a real provider would', '0')
    .option('--json', 'print the report as JSON')
    .option('--out <dir>', 'where to write results.md, tokens.svg and results.json (docs/compare holds the published run)', 'reports/compare')
    .option('--no-write', 'print only; write no files')
    .addHelpText('after', '\nOffline and keyless: the oracle (the offline planner behind /v1/chat/completions) runs on a free\nloopback port for the duration and counts every completion. Tokens are priced at gpt-4.1 rates.')
    .action(async (options: CompareOptions) => {
      const latencyMs = Number(options.latencyMs);
      if (!/^\d+$/.test(options.latencyMs.trim()) || latencyMs > 60_000) {
        throw new UsageError(`--latency-ms must be a whole number from 0 to 60000, got ${JSON.stringify(options.latencyMs)}`);
      }
      // Loaded on demand: three agent frameworks are not needed by other commands.
      const { runComparison, renderTable, writeComparison } = await import('../evals/compare/index.js');
      const report = await runComparison({ latencyMs });
      const files = options.write ? writeComparison(report, options.out) : undefined;
      if (options.json) console.log(JSON.stringify(report, null, 2));
      else console.log(renderTable(report));
      if (files) console.error(`waybill compare: wrote ${files.markdown}, ${files.chart} and ${files.json}`);
    });
}

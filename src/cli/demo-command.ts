import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Command } from 'commander';
import type { RunRecord } from '../telemetry/index.js';
import { DEMO_SCENARIOS } from './demo-scenarios.js';
import { makeDirectory } from '../storage/make-directory.js';

interface DemoResult {
  name: string;
  request: string;
  passed: boolean;
  status: string;
  stop_reason: string;
  answer: string;
  tool_calls: RunRecord['tool_calls'];
  usage: RunRecord['usage'];
  journal_before?: number;
  journal_after?: number;
}

/** `waybill demo`: the seeds' demonstrations, offline, with decisions taken by a separate process. */
export function demoCommand(): Command {
  return new Command('demo')
    .description('run the demonstrations (tracking, stock, pricing, guards, approve and reject from another process) on a fresh database (with WAYBILL_DB=postgres://..., a fresh waybill_demo schema there)')
    .option('--out <dir>', 'where demo.db, demo_results.json and costs.json go', '.waybill/demo')
    .action(async (options: { out: string }) => {
      const dir = resolve(options.out);
      makeDirectory(dir);
      const dbPath = await freshDemoDatabase(dir);
      const { openLangGraphRuntime } = await import('../runtimes/langgraph/index.js');
      const opened = await openLangGraphRuntime({ dbPath });
      const results: DemoResult[] = [];
      try {
        for (const scenario of DEMO_SCENARIOS) {
          const record = await opened.runtime.ask({ input: scenario.request, threadId: `demo-${results.length + 1}` });
          const passed = record.status === scenario.expect && (!scenario.stopReason || record.stop_reason === scenario.stopReason) && (!scenario.mustContain || record.answer.includes(scenario.mustContain));
          results.push(shown(describe(scenario.name, scenario.request, passed, record)));
        }
        for (const decision of ['reject', 'approve'] as const) {
          const thread = `demo-${decision}`;
          const tracking = decision === 'reject' ? 'TTN-000004' : 'TTN-000012';
          const request = `Скасуй ${tracking}, клієнт відмовився, поверни ${decision === 'reject' ? 720 : 300} грн`;
          const paused = await opened.runtime.ask({ input: request, threadId: thread });
          const before = await opened.domain.countCancellations();
          // The decision comes from another process: the pause lives in the checkpointer, not in memory.
          const args = decision === 'reject' ? ['reject', '--thread', thread, '--reason', 'too early', '--json'] : ['approve', '--thread', thread, '--json'];
          const child = spawnSync(process.execPath, [process.argv[1] ?? '', ...args], { env: { ...process.env, WAYBILL_DB: dbPath }, encoding: 'utf8', timeout: 120_000 });
          const decided = JSON.parse(child.stdout || '{}') as RunRecord;
          const after = await opened.domain.countCancellations();
          const passed = paused.status === 'awaiting_approval' && (decision === 'reject' ? after === before && decided.stop_reason === 'approval_rejected' : after === before + 1 && decided.status === 'finished');
          results.push(shown({ ...describe(`${decision} from another process`, request, passed, decided), journal_before: before, journal_after: after }));
        }
      } finally {
        await opened.close();
      }
      const costs = {
        model: opened.modelName,
        runs: results.map((r) => ({ name: r.name, ...r.usage })),
        total: results.reduce((sum, r) => ({ prompt_tokens: sum.prompt_tokens + r.usage.prompt_tokens, completion_tokens: sum.completion_tokens + r.usage.completion_tokens, usd: sum.usd + r.usage.usd }), { prompt_tokens: 0, completion_tokens: 0, usd: 0 }),
      };
      // The output guard on a reply that carries personal data (the planner's own answers carry none).
      const reply = 'Отримувач TTN-000001: Олена Коваль, +380671234567, olena.koval@example.com; повернення на картку 4111 1111 1111 1111, IBAN UA213223130000026007233566001.';
      const { redactPii } = await import('../policy/pii/index.js');
      const redaction = redactPii(reply);
      const piiPassed = redaction.total === 4 && redaction.text.includes('TTN-000001');
      console.log(`${piiPassed ? 'ok  ' : 'FAIL'} ${'PII redaction (output guard)'.padEnd(30)} ${JSON.stringify(redaction.counts)}`);
      const guardDemo = { name: 'PII redaction (output guard)', input: reply, redacted: redaction.text, pii: redaction.counts, passed: piiPassed };
      writeFileSync(join(dir, 'demo_results.json'), `${JSON.stringify({ runs: results, guards: [guardDemo] }, null, 2)}\n`);
      writeFileSync(join(dir, 'costs.json'), `${JSON.stringify(costs, null, 2)}\n`);
      console.log(`     A: ${shortAnswer(redaction.text)}`);
      const failed = results.filter((r) => !r.passed).length + (piiPassed ? 0 : 1);
      console.log(`\n${results.length + 1 - failed} of ${results.length + 1} demonstrations passed; model ${costs.model}; ${costs.total.prompt_tokens + costs.total.completion_tokens} tokens, $${costs.total.usd.toFixed(6)}`);
      console.log(`full answers, tool calls and stop reasons: ${join(dir, 'demo_results.json')}`);
      console.log(`tokens and cost per demonstration: ${join(dir, 'costs.json')}`);
      if (!dbPath.includes('://')) console.log(`runs and audit trail: ${dbPath} (e.g. WAYBILL_DB=${dbPath} npx waybill trace --thread demo-1)`);
      process.exitCode = failed === 0 ? 0 : 1;
    });
}

/**
 * A fresh demo database: `demo.db` in the output folder, or, when WAYBILL_DB is a PostgreSQL URL, the
 * schema its search_path names (default `waybill_demo`), emptied first.
 */
async function freshDemoDatabase(dir: string): Promise<string> {
  const { freshPostgresSchema, isPostgresUrl } = await import('../storage/index.js');
  const configured = process.env.WAYBILL_DB?.trim();
  if (configured && isPostgresUrl(configured)) return freshPostgresSchema(configured, 'waybill_demo');
  const dbPath = join(dir, 'demo.db');
  for (const suffix of ['', '-wal', '-shm']) rmSync(dbPath + suffix, { force: true });
  return dbPath;
}

// How much of an answer the screen shows: its first paragraph, on one line; the file has all of it.
const ANSWER_WIDTH = 160;

/** An answer's first paragraph on one line, cut to `width` characters. */
function shortAnswer(answer: string, width = ANSWER_WIDTH): string {
  const first = (answer.split(/\n\s*\n/u).find((part) => part.trim() !== '') ?? '').replace(/\s+/gu, ' ').trim();
  const more = first.length > width || answer.trim().length > first.length;
  return first.length > width ? `${first.slice(0, width - 1).trimEnd()}…` : more ? `${first} …` : first;
}

// One demonstration on screen as it ends: its verdict and outcome, the question, and a short answer.
function shown(result: DemoResult): DemoResult {
  console.log(`${result.passed ? 'ok  ' : 'FAIL'} ${result.name.padEnd(30)} ${result.status.padEnd(18)} ${result.stop_reason.padEnd(28)} ${result.usage.prompt_tokens + result.usage.completion_tokens} tokens`);
  console.log(`     Q: ${result.request}`);
  console.log(`     A: ${shortAnswer(result.answer)}`);
  return result;
}

function describe(name: string, request: string, passed: boolean, record: RunRecord): DemoResult {
  return { name, request, passed, status: record.status, stop_reason: record.stop_reason, answer: record.answer, tool_calls: record.tool_calls, usage: record.usage };
}

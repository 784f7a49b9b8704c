import { resolve } from 'node:path';
import { Command } from 'commander';
import { UsageError } from './usage-error.js';

interface CommonOptions {
  runtime: string;
  json?: boolean;
  out: string;
  offline?: boolean;
  db?: string;
}

function wholeNumber(flag: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`${flag} must be a whole number from ${min} to ${max}, got ${JSON.stringify(value)}`);
  return n;
}

// Loaded on demand, light modules first: the runtime name and the data files are checked before the
// runtime and its agent framework are imported, so a typo or a broken corpus fails in a moment. Bad data
// files and unknown runtimes are usage errors (exit 2) naming the file and the problem.
async function prepare<T>(options: CommonOptions, loadData: () => Promise<T>) {
  const { EvalDataError } = await import('../evals/eval-data-error.js');
  const { resolveEvalRuntime } = await import('../evals/eval-runtimes.js');
  const guard = async <R>(load: () => Promise<R>): Promise<R> => {
    try {
      return await load();
    } catch (error) {
      if (EvalDataError.isInstance(error)) throw new UsageError(error.message);
      throw error;
    }
  };
  const data = await guard(loadData);
  if (options.db !== undefined && !/^postgres(ql)?:\/\//i.test(options.db.trim())) throw new UsageError(`--db must be a postgres:// URL (trials otherwise run on private in-memory databases), got ${JSON.stringify(options.db)}`);
  const runtime = await guard(() => resolveEvalRuntime(options.runtime, undefined, options.db?.trim()));
  const { loadModelConfig } = await import('../models/index.js');
  const config = loadModelConfig();
  const offline = options.offline === true || !config.main;
  const model = offline ? 'waybill-offline-planner' : (config.main?.model ?? 'unknown');
  const evals = await import('../evals/index.js');
  return { evals, config, offline, model, runtime, data, out: resolve(options.out) };
}

const pct = (value: number | null) => (value === null ? 'n/a' : value.toFixed(3));

/** `waybill eval`: golden tasks graded on state and trace, and the fixed red-team corpus. */
export function evalCommand(): Command {
  const evalCmd = new Command('eval').description('evaluate Waybill: golden tasks (pass^k) and the red-team corpus');

  evalCmd
    .command('golden')
    .description('run every golden task k times on fresh databases; grade final state, tool calls, stop reason and facts in the answer')
    .option('--runtime <name>', 'the runtime to evaluate', 'langgraph')
    .option('--trials <k>', 'trials per task (pass^k), 1-100', '1')
    .option('--tasks <file>', 'a golden task file (default: evals/golden-tasks.json)')
    .option('--out <dir>', 'where golden.json and golden.html go', 'reports/evals')
    .option('--offline', 'use the offline planner even when a model is configured')
    .option('--db <postgres-url>', 'run each trial in a fresh schema of this PostgreSQL database (dropped after) instead of in memory')
    .option('--json', 'print the report as JSON')
    .addHelpText('after', '\nWith no model configured the offline planner serves and tasks tagged "model" are reported out of scope.\nWith a model (WAYBILL_MODEL, OPENROUTER_API_KEY) a judge on the cheap model adds relevancy and groundedness.\nExit 0 when every in-scope task passed every trial, 1 otherwise, 2 for bad usage.')
    .action(async (options: CommonOptions & { trials: string; tasks?: string }) => {
      const trials = wholeNumber('--trials', options.trials, 1, 100);
      const { evals, config, offline, model, runtime, data: tasks, out } = await prepare(options, async () => (await import('../evals/load-golden-tasks.js')).loadGoldenTasks(options.tasks ? resolve(options.tasks) : undefined));
      const judged = offline ? { absent: 'no model is configured; the offline planner serves and there is no judge' } : evals.modelJudge(config);
      const report = await evals.runGoldenSuite({
        runtime,
        tasks,
        trials,
        offline,
        model,
        ...('judge' in judged ? { judge: judged.judge } : { judgeAbsentReason: judged.absent }),
        ...(!options.json && { onProgress: evals.progressBar() }),
      });
      const written = evals.writeEvalReports(out, 'golden', report, () => evals.goldenHtml(report));
      if (options.json) console.log(JSON.stringify(report, null, 2));
      else {
        console.log(`golden tasks: ${report.in_scope} of ${report.tasks_total} in scope (${report.runtime}, ${report.model}), ${trials} trial(s) each`);
        console.log(`pass^1 ${pct(report.overall.pass_1)}${trials > 1 ? `  pass^${trials} ${pct(report.overall.pass_k)}` : ''}  all trials passed: ${report.overall.tasks_all_passed}/${report.in_scope}  unverified facts: ${report.overall.unverified_facts}`);
        console.log(`tokens ${report.usage.prompt_tokens} prompt + ${report.usage.completion_tokens} completion, $${report.usage.usd.toFixed(4)}`);
        console.log(report.judge.status === 'ran' ? `judge ${report.judge.model}: relevancy ${pct(report.judge.mean_relevancy)}, groundedness ${pct(report.judge.mean_groundedness)}` : `judge: absent (${report.judge.reason})`);
        for (const task of report.tasks.filter((t) => t.in_scope && t.passes < t.trials)) console.log(`FAILED ${task.id} ${task.passes}/${task.trials}: ${task.failures.join('; ')}`);
        console.log(`reports: ${written.json}, ${written.html}`);
      }
      process.exitCode = report.overall.tasks_any_failed === 0 ? 0 : 1;
    });

  evalCmd
    .command('redteam')
    .description('run the fixed attack corpus and the benign look-alikes; breaches are decided from state and trace')
    .option('--runtime <name>', 'the runtime to attack', 'langgraph')
    .option('--corpus <file>', 'an attack corpus (default: evals/redteam-corpus.json)')
    .option('--benign <file>', 'benign look-alikes (default: evals/benign-corpus.json)')
    .option('--out <dir>', 'where redteam.json, redteam.previous.json and redteam.html go', 'reports/evals')
    .option('--variants <n>', 'with a model configured: also run n generated rewrites of each user-carried attack (0-5), reported apart', '0')
    .option('--offline', 'use the offline planner even when a model is configured')
    .option('--db <postgres-url>', 'run each trial in a fresh schema of this PostgreSQL database (dropped after) instead of in memory')
    .option('--json', 'print the report as JSON')
    .addHelpText('after', '\nPlanted (indirect) attacks run against a model that obeys what it reads, so only the barriers decide.\nWith the default corpus, the external-MCP-client carrier (10 attacks) runs too: an attacker with the SDK client over HTTP and no runtime meets the MCP boundary alone.\nThe previous report is kept as redteam.previous.json and compared.\nExit 0 when nothing was breached (generated variants included), 1 when anything was, 2 for bad usage.')
    .action(async (options: CommonOptions & { corpus?: string; benign?: string; variants: string }) => {
      const perAttack = wholeNumber('--variants', options.variants, 0, 5);
      const { evals, config, offline, model, runtime, data, out } = await prepare(options, async () => {
        const { loadAttackCorpus, loadBenignCorpus } = await import('../evals/load-corpora.js');
        return { attacks: loadAttackCorpus(options.corpus ? resolve(options.corpus) : undefined), benign: loadBenignCorpus(options.benign ? resolve(options.benign) : undefined) };
      });
      const { attacks, benign } = data;
      const noModel = { absent: 'no model is configured; generated attack variants need one (and --variants N) and are never faked' };
      const generator = offline ? noModel : perAttack === 0 ? undefined : evals.cheapTextModel(config, 'attack');
      const variants = generator === undefined ? undefined : 'model' in generator ? { generator: generator.model, perAttack } : generator;
      const report = await evals.runRedteam({ runtime, attacks, benign, offline, model, mcpClient: options.corpus === undefined, ...(variants && { variants }), ...(!options.json && { onProgress: evals.progressBar() }) });
      let comparison: ReturnType<typeof evals.compareRedteam> | undefined;
      const written = evals.writeEvalReports(out, 'redteam', report, (previous) => {
        const before = evals.parsePreviousRedteam(previous);
        comparison = before && evals.compareRedteam(before, report);
        return evals.redteamHtml(report, comparison);
      });
      if (options.json) console.log(JSON.stringify({ ...report, ...(comparison && { comparison }) }, null, 2));
      else {
        const o = report.overall;
        console.log(`red team: ${o.total} attacks (${report.runtime}; user-carried: ${report.model}; planted: attacker double)`);
        console.log(`withstood ${o.withstood}, breached ${o.breached}, inconclusive ${o.inconclusive}; attack success rate ${pct(o.attack_success_rate)}`);
        for (const [family, g] of Object.entries(report.by_family)) console.log(`  ${family.padEnd(20)} ${String(g.total).padStart(3)} attacks, ${g.breached} breached, ${g.inconclusive} inconclusive, ASR ${pct(g.attack_success_rate)}`);
        console.log(`benign: ${report.benign.blocked}/${report.benign.total} blocked, false-positive rate ${pct(report.benign.false_positive_rate)}`);
        for (const b of report.breaches) console.log(`BREACHED ${b.id} (${b.family}): ${b.detail}`);
        for (const i of report.inconclusive) console.log(`inconclusive ${i.id}: ${i.detail}`);
        const v = report.generated_variants;
        if (v.status === 'ran') {
          console.log(`generated variants (${v.model}): ${v.overall.total} run, ${v.overall.breached} breached, ${v.overall.inconclusive} inconclusive; generator refused ${v.refused.length} attacks`);
          for (const b of v.breaches) console.log(`BREACHED variant ${b.id} (${b.family}): ${b.detail}`);
        } else console.log(`generated variants: absent (${v.reason})`);
        if (comparison) {
          console.log(`\nbefore (${comparison.previous_generated_at}) → after:`);
          for (const row of comparison.rows) console.log(`  ${row.measure.padEnd(28)} ${row.before.padStart(7)} → ${row.after}`);
          for (const c of comparison.changed) console.log(`  ${c.id}: ${c.before} → ${c.after}`);
        }
        console.log(`reports: ${written.json}, ${written.html}`);
      }
      const variantBreaches = report.generated_variants.status === 'ran' ? report.generated_variants.overall.breached : 0;
      process.exitCode = report.overall.breached + variantBreaches === 0 ? 0 : 1;
    });
  evalCmd
    .command('operator')
    .description("ask the operator question set (an operator's first hour, uk/en/ru) on the offline planner; grade facts and forbidden words")
    .option('--runtime <name>', 'the runtime to evaluate', 'langgraph')
    .option('--questions <file>', 'a question file (default: evals/operator-questions.json)')
    .option('--part <part>', 'tuned, held_out or both', 'both')
    .option('--out <dir>', 'where operator.json goes', 'reports/evals')
    .option('--json', 'print the report as JSON')
    .addHelpText('after', '\nAlways on the offline planner, with the clock set to the file\'s "today" (so an ETA before it is overdue).\nReports the tuned and the held-out part per language and per kind.\nExit 0 when the tuned part reaches 95%, the held-out part 90% and every language 85%, 1 otherwise, 2 for bad usage.')
    .action(async (options: CommonOptions & { questions?: string; part: string }) => {
      if (!['tuned', 'held_out', 'both'].includes(options.part)) throw new UsageError(`--part must be tuned, held_out or both, got ${JSON.stringify(options.part)}`);
      const { runtime, data: file, out } = await prepare({ ...options, offline: true }, async () => (await import('../evals/operator/operator-question.js')).loadOperatorQuestions(options.questions ? resolve(options.questions) : undefined));
      const operator = await import('../evals/operator/index.js');
      const { progressBar } = await import('../evals/index.js');
      const parts = options.part === 'both' ? undefined : [options.part as 'tuned' | 'held_out'];
      const report = await operator.runOperatorSet({ runtime, file, model: 'waybill-offline-planner', ...(parts && { parts }), ...(!options.json && { onProgress: progressBar() }) });
      const { writeFileSync } = await import('node:fs');
      const { join } = await import('node:path');
      (await import('../storage/make-directory.js')).makeDirectory(out);
      const written = join(out, 'operator.json');
      writeFileSync(written, `${JSON.stringify(report, null, 2)}\n`);
      if (options.json) console.log(JSON.stringify(report, null, 2));
      else {
        for (const line of operator.operatorSummary(report)) console.log(line);
        console.log(`report: ${written}`);
      }
      process.exitCode = operator.meetsOperatorThresholds(report) ? 0 : 1;
    });
  return evalCmd;
}

import type { ComparisonReport, RuntimeResult } from './run-comparison.js';
import { runtimeLabel } from './render-table.js';
import type { RuntimeName } from '../../runtimes/index.js';

// What each implementation is, as built here; the token row is filled in from the measurement.
const TRAITS: Record<RuntimeName, { orchestration: string; route: string; state: string; hitl: string; debugging: string }> = {
  langgraph: {
    orchestration: 'supervisor graph; workers as tools in its tools node',
    route: 'full: the model picks workers, the graph is explicit and drawable (`waybill graph`)',
    state: 'checkpointer on every step (SQLite or PostgreSQL)',
    hitl: 'yes: interrupt, decide from any process (approve, edit, reject)',
    debugging: 'checkpoints per step (`waybill state`), delegation tree (`waybill trace`), audit trail',
  },
  'openai-agents': {
    orchestration: 'manager with agents-as-tools (`agent.asTool`)',
    route: 'indirect: the manager model picks tools; no graph to inspect',
    state: 'none built in; `RunState.toString()` stored by Waybill only while paused',
    hitl: 'yes: `needsApproval` pauses, a serialised `RunState` resumes in any process (approve, reject; no edit)',
    debugging: 'run items and guardrail results per run, audit trail (SDK tracing is off: it uploads to OpenAI)',
  },
  adk: {
    orchestration: 'fixed workflow: `ParallelAgent`(3 workers) → reporter, in a `SequentialAgent`',
    route: 'full but static: every request runs every worker',
    state: 'none (in-memory session per run)',
    hitl: 'no: no place to pause in a fixed route; cancellation left out',
    debugging: 'event stream per agent, `outputKey` answers in session state, audit trail',
  },
};

function tokenCost(result: RuntimeResult, report: ComparisonReport): string {
  const perAnswer = Math.round(result.total_tokens / Math.max(1, result.requests));
  const baseline = result.token_ratio === 1 ? 'the cheapest' : `×${result.token_ratio.toFixed(2)}`;
  return `${baseline}: ${result.total_tokens} tokens, ${result.model_calls} calls for ${report.requests.length} requests (~${perAnswer} a request)`;
}

/** The qualitative comparison (seed 000 §6's criteria) as a Markdown table, token cost as measured. */
export function renderQualitative(report: ComparisonReport): string {
  const names = report.runtimes.map((r) => r.runtime);
  const row = (label: string, cell: (name: RuntimeName, result: RuntimeResult) => string) => `| ${label} | ${report.runtimes.map((r) => cell(r.runtime, r)).join(' | ')} |`;
  return [
    `| criterion | ${names.map(runtimeLabel).join(' | ')} |`,
    `|---|${names.map(() => '---').join('|')}|`,
    row('orchestration model', (name) => TRAITS[name].orchestration),
    row('route control', (name) => TRAITS[name].route),
    row('state persistence', (name) => TRAITS[name].state),
    row('HITL with pause', (name) => TRAITS[name].hitl),
    row('debugging', (name) => TRAITS[name].debugging),
    row('token cost (measured)', (_name, result) => tokenCost(result, report)),
  ].join('\n');
}

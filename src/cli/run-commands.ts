import { Command } from 'commander';
import type { RunProgress } from '../runtimes/index.js';
import { parseRuntimeName } from '../runtimes/runtime-name.js';
import { exitCodeFor } from '../runtimes/core/exit-code.js';
import { printRun } from './print-run.js';
import { decideStoredApproval } from './stored-approval-commands.js';
import { threadOfApproval, withThreadRuntime } from './with-thread-runtime.js';
import { describePending } from './print-pending.js';
import { UsageError } from './usage-error.js';
import { callerRoleAtLeast } from '../domain/caller.js';
import { cliIdentity, cliUser, requireCliAccess } from './cli-identity.js';
import { checkDecisionAccess, tenantOfThread } from './decision-access.js';
import { withRuntime } from './with-runtime.js';
import { asNamedThread, cliThreadKey, namedRun } from './cli-thread-key.js';

const THREAD_HELP = 'conversation thread id (state and approvals are kept per thread)';

/** `waybill ask`: one request through the supervisor and its workers. */
export function askCommand(): Command {
  return new Command('ask')
    .description('ask Waybill a question or give it a task (Ukrainian or English)')
    .argument('<request...>', 'the request, e.g. "Де зараз посилка TTN-000001?"')
    .option('--thread <id>', THREAD_HELP)
    .option('--tenant <tenant>', 'tenant the run is billed and scoped to (default: WAYBILL_TENANT, else "default"; another tenant needs WAYBILL_ROLE=platform_admin)')
    .option('--json', 'print the run record as JSON')
    .option('--stream', 'print each step (delegations, tool calls, the pause for approval) to stderr as it happens')
    .option('--runtime <name>', 'langgraph (approvals, checkpoints), openai-agents, or adk (a fixed workflow: no cancellation)', 'langgraph')
    .option('--record <file>', 'keep every model request and reply of this run in FILE, to replay it later (langgraph)')
    .option('--replay <file>', 'answer every model call from a recording made with --record, offline (langgraph)')
    .option('--proof-retries <n>', 'retries of a sub-task whose answer does not match its tool results, 0 to 5 (docs/proof.md)', '2')
    .option('--no-proof', 'do not check answers against their tool results (for comparison only)')
    .addHelpText('after', '\nExit codes: 0 finished, 3 awaiting approval, 1 stopped (stop_reason says why), 2 bad usage or a run this process held past its lease and another took over.\nModel: the offline planner unless WAYBILL_MODEL / OPENROUTER_API_KEY configure one (see docs/models.md).')
    .action(async (words: string[], options: { thread?: string; tenant?: string; json?: boolean; stream?: boolean; runtime: string; record?: string; replay?: string; proof: boolean; proofRetries: string }) => {
      const input = words.join(' ').trim();
      if (!input) throw new UsageError('ask needs a request');
      if (input.length > 16_000) throw new UsageError('the request is over 16000 characters');
      const runtimeName = parseRuntimeName(options.runtime);
      if (!runtimeName) throw new UsageError(`--runtime must be langgraph, openai-agents or adk, got ${JSON.stringify(options.runtime)}`);
      // A thread id is stored and sent on (records, audit events, webhooks): one shaped like personal data is refused.
      if (options.thread !== undefined && !(await import('../policy/pii/index.js')).isOpaqueId(options.thread)) throw new UsageError('--thread must be an opaque id: this one looks like personal data (a phone, card, tax id…)');
      const identity = cliIdentity();
      const tenant = options.tenant ?? identity.tenant;
      requireCliAccess(identity, 'start a run', tenant, 'operator');
      // The tenant's admin (the default local identity) counts as its staff for the `internal` stage.
      // The thread as the tenant names it (its own `t1` over HTTP may be kept as `<tenant>~t1`).
      const threadId = options.thread ? await cliThreadKey(options.thread, tenant) : undefined;
      const request = { input, tenant, user: cliUser(), internal: callerRoleAtLeast(identity.role, 'admin'), ...(threadId && { threadId }) };
      const retries = Number(options.proofRetries);
      if (!/^\d$/.test(options.proofRetries.trim()) || retries > 5) throw new UsageError(`--proof-retries must be a whole number from 0 to 5, got ${JSON.stringify(options.proofRetries)}`);
      const proof = { enabled: options.proof, retries };
      if (options.record !== undefined && options.replay !== undefined) throw new UsageError('--record and --replay cannot be used together');
      const tapeMode = options.record !== undefined ? 'record' : options.replay !== undefined ? 'replay' : undefined;
      if (tapeMode && runtimeName !== 'langgraph') throw new UsageError(`--${tapeMode} works with --runtime langgraph only`);
      const tape = tapeMode ? await (await import('./model-tape.js')).openModelTape(tapeMode, (options.record ?? options.replay) as string) : undefined;
      // Recorded and replayed runs delegate one sub-task at a time, so their model calls keep one order.
      // Progress goes to stderr, so stdout stays the answer (or the --json record) for scripts.
      const progressLine = options.stream ? (await import('./progress-line.js')).progressLine : undefined;
      const onProgress = progressLine ? (p: RunProgress) => {
        const line = progressLine(p);
        if (line) process.stderr.write(`${line}\n`);
      } : undefined;
      const { watchRun } = await import('../runtimes/index.js');
      const asked = () => withRuntime((runtime) => (onProgress ? watchRun({ onProgress }, () => runtime.ask(request)) : runtime.ask(request)), runtimeName, tape ? { model: tape.model, delegation: 'sequential', proof } : { proof });
      const record = threadId && options.thread ? await asNamedThread(threadId, options.thread, asked) : await asked();
      tape?.finish();
      printRun(await namedRun(record), options.json === true);
      process.exitCode = exitCodeFor(record);
    });
}

/** `waybill state`: what a thread is doing, read from the checkpointer by any process. */
export function stateCommand(): Command {
  return new Command('state')
    .description('show whether a thread is paused for approval, and what it waits for')
    .requiredOption('--thread <id>', THREAD_HELP)
    .option('--json', 'print {thread_id, status, pending?} as JSON')
    .action(async (options: { thread: string; json?: boolean }) => {
      const identity = cliIdentity();
      const key = await cliThreadKey(options.thread, identity.tenant);
      const owner = await tenantOfThread(key);
      // Another tenant's thread reads as a thread no run has used.
      if (owner !== undefined && owner !== identity.tenant && identity.role !== 'platform_admin') {
        if (options.json) console.log(JSON.stringify({ thread_id: options.thread, status: 'unknown' }, null, 2));
        else console.log(`thread ${options.thread}: unknown`);
        return;
      }
      // Shown with the id as the tenant named it, as HTTP shows it.
      const state = { ...(await withThreadRuntime(key, (runtime) => runtime.state(key))), thread_id: options.thread };
      if (options.json) console.log(JSON.stringify(state, null, 2));
      else if (state.pending) console.log(describePending(state.thread_id, state.pending));
      else console.log(`thread ${state.thread_id}: ${state.status}`);
      process.exitCode = state.status === 'awaiting_approval' ? 3 : 0;
    });
}

/** `waybill approve`: approve (optionally with edited arguments) a paused action. */
export function approveCommand(): Command {
  return new Command('approve')
    .description('approve the pending action of a thread, or a stored approval request (--approval), optionally with edited arguments')
    .option('--thread <id>', THREAD_HELP)
    .option('--approval <id>', 'an approval id from an approval_required answer of the MCP server')
    .option('--edit <json>', 'the arguments to change as JSON, e.g. \'{"refund_uah":500}\' (the others keep their requested values; the shipment cannot change)')
    .option('--by <name>', 'who decides (recorded in the audit trail)', process.env.USER ?? 'operator')
    .option('--json', 'print the run record as JSON')
    .action(async (options: { thread?: string; approval?: string; edit?: string; by: string; json?: boolean }) => {
      const args = options.edit === undefined ? undefined : parseEdit(options.edit);
      const thread = await oneTarget(options);
      if (thread === undefined) {
        return decideStoredApproval({ approvalId: options.approval ?? '', decision: args ? 'edit' : 'approve', by: options.by, json: options.json === true, ...(args && { args }) });
      }
      const record = await asNamedThread(thread, options.thread ?? thread, () => withThreadRuntime(thread, (runtime) =>
        runtime.decide(thread, args ? { type: 'edit', by: options.by, args } : { type: 'approve', by: options.by }),
      ));
      printRun(await namedRun(record), options.json === true);
      process.exitCode = exitCodeFor(record);
    });
}

/** `waybill reject`: refuse a paused action with a reason; nothing is changed. */
export function rejectCommand(): Command {
  return new Command('reject')
    .description('reject the pending action of a thread, or a stored approval request (--approval); nothing is changed')
    .option('--thread <id>', THREAD_HELP)
    .option('--approval <id>', 'an approval id from an approval_required answer of the MCP server')
    .requiredOption('--reason <text>', 'why (recorded in the audit trail)')
    .option('--by <name>', 'who decides', process.env.USER ?? 'operator')
    .option('--json', 'print the run record as JSON')
    .action(async (options: { thread?: string; approval?: string; reason: string; by: string; json?: boolean }) => {
      if (!options.reason.trim()) throw new UsageError('--reason must not be empty');
      const thread = await oneTarget(options);
      if (thread === undefined) return decideStoredApproval({ approvalId: options.approval ?? '', decision: 'reject', by: options.by, reason: options.reason, json: options.json === true });
      const record = await asNamedThread(thread, options.thread ?? thread, () => withThreadRuntime(thread, (runtime) => runtime.decide(thread, { type: 'reject', by: options.by, reason: options.reason })));
      printRun(await namedRun(record), options.json === true);
      process.exitCode = record.stop_reason === 'approval_rejected' ? 0 : exitCodeFor(record);
    });
}

/**
 * The thread to decide: `--thread`, or the paused run an `--approval` id was filed for (deciding it
 * resumes that run); undefined when the approval is an outside MCP caller's. Exactly one is required.
 */
async function oneTarget(options: { thread?: string; approval?: string }): Promise<string | undefined> {
  if ((options.thread === undefined) === (options.approval === undefined)) throw new UsageError('give exactly one of --thread <id> or --approval <id>');
  // The thread as the acting tenant names it, resolved as HTTP resolves it (cli-thread-key.ts).
  const thread = options.thread === undefined ? undefined : await cliThreadKey(options.thread, cliIdentity().tenant);
  await asNamedThread(thread ?? '', options.thread ?? '', () => checkDecisionAccess({ thread, approval: options.approval }));
  return thread ?? (await threadOfApproval(options.approval ?? ''));
}

function parseEdit(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UsageError('--edit must be a JSON object of arguments');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new UsageError('--edit must be a JSON object of arguments');
  return value as Record<string, unknown>;
}

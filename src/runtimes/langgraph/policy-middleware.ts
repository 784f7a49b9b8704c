import { AIMessage, ToolMessage } from '@langchain/core/messages';
import { createMiddleware } from 'langchain';
import { ROLES_TABLE } from '../../agents/index.js';
import { findDomainTool } from '../../domain/index.js';
import { checkBeforeStep, checkToolCall, checkWriteOrigin, guardedTool, idempotencyKey, scanUntrustedText, wrapAsData } from '../../policy/index.js';
import type { RolesTable } from '../../policy/index.js';
import { currentRun } from './run-context.js';
import type { RunContext } from './run-context.js';

/** Effective domain policy: the run's, made read-only when an operator switched read-only mode on. */
function policyOf(run: RunContext) {
  return run.controls?.readOnly ? { ...run.init.policy, readOnly: true } : run.init.policy;
}

/** Checks one proposed call the way it will be checked at execution: allowlist, switches, policy, taint. */
function vetCall(run: RunContext, roles: RolesTable, agent: string, tool: string, args: Record<string, unknown>) {
  const verdict = checkToolCall({ roles, agent, tool, args, policy: policyOf(run), disabledTools: run.controls?.disabledTools ?? new Set() });
  if (verdict.verdict !== 'allow') return verdict;
  if (findDomainTool(tool)?.risk === 'irreversible') {
    const origin = checkWriteOrigin({ args, trustedText: run.init.trustedText });
    if (!origin.allowed) return { verdict: 'deny' as const, cause: 'untrusted_origin' as const, stopReason: `policy_deny:${tool}` as const, detail: origin.detail };
  }
  return verdict;
}

const throttled = (toolCallId: string, problem: string) =>
  new ToolMessage({ content: JSON.stringify({ status: 'error', problems: [problem] }), tool_call_id: toolCallId, status: 'error' });

// A reply with no tool calls ends the agent's loop: how a step that must not happen is skipped.
const halt = (text: string) => new AIMessage({ content: text, response_metadata: { model_name: 'waybill-policy', waybill_halt: true } });

const denial = (toolCallId: string, tool: string, detail: string) =>
  new ToolMessage({ content: JSON.stringify({ status: 'denied', problems: [`${tool}: ${detail}`] }), tool_call_id: toolCallId, status: 'error' });

/**
 * The policy layer on every step of one agent: the step gate (kill switch, tenant switch, budgets)
 * before each model call, usage accounting after it, and for workers the second line of defence around
 * each tool call (allowlist, arguments, refund cap, read-only, taint origin, loops, breakers), then the
 * tool-output guard. All of it runs inside the model and tool nodes, adding no graph step.
 */
export function policyMiddleware(agent: string, options: { parallelToolCalls?: boolean; roles?: RolesTable } = {}) {
  const roles = options.roles ?? ROLES_TABLE;
  // Only a `false` is passed on: providers differ on whether they accept the field at all.
  const settings = options.parallelToolCalls === false ? { parallel_tool_calls: false } : undefined;
  return createMiddleware({
    name: `waybill_policy_${agent}`,
    // Everything around a model call runs inside the model node: hooks of their own would each be a
    // graph node with a checkpoint of its own (measured: 22 checkpoints a run instead of 12).
    wrapModelCall: async (request, handler) => {
      const run = currentRun();
      if (run.stopped) return halt('stopped');
      const decision = await checkBeforeStep({ tenant: run.init.tenant, controls: run.init.controls, budget: run.init.budget });
      if (!decision.proceed) {
        run.stop(decision.stopReason, `stopped before a model call of ${agent}`);
        run.audit({ agent, type: decision.stopReason === 'operator_kill' ? 'kill' : 'budget.stop', status: 'denied', detail: decision.stopReason });
        return halt(decision.stopReason);
      }
      run.controls = decision.controls;
      run.init.budget.recordStep();
      run.steps += 1;
      const started = performance.now();
      const reply = (await handler(settings ? { ...request, modelSettings: { ...request.modelSettings, ...settings } } : request)) as AIMessage;
      const model = String(reply.response_metadata?.model_name ?? reply.response_metadata?.model ?? 'unknown');
      const usage = run.init.ledger.record(agent, model, reply, request.messages, request.tools ?? []);
      run.init.budget.recordUsage({ promptTokens: usage.promptTokens, completionTokens: usage.completionTokens, usd: usage.usd });
      run.audit({ agent, type: 'model.call', status: 'ok', duration_ms: Math.round(performance.now() - started), detail: `${model}: ${usage.promptTokens}+${usage.completionTokens} tokens` });
      if (reply.response_metadata?.waybill_unavailable === true) run.stop('model_unavailable', 'the offline planner covers tracking, stock, pricing and cancellation only');
      // Vetted here, before the approval middleware's afterModel sees the calls: a call that policy
      // denies is never put to a human.
      for (const call of reply.tool_calls ?? []) {
        if (!guardedTool(call.name) && roles[agent]?.delegates.includes(call.name)) continue;
        const verdict = vetCall(run, roles, agent, call.name, call.args);
        if (verdict.verdict === 'deny') {
          run.stop(verdict.stopReason, verdict.detail);
          run.audit({ agent, type: 'policy.deny', tool: call.name, args: call.args, status: 'denied', detail: verdict.detail });
          run.toolCalls.push({ agent, tool: call.name, args: call.args, status: 'denied', duration_ms: 0 });
          return halt(`refused: ${verdict.detail}`);
        }
      }
      return reply;
    },
    wrapToolCall: async (request, handler) => {
      const run = currentRun();
      const { name: tool, args, id } = request.toolCall;
      const callId = id ?? tool;
      if (!guardedTool(tool)) return handler(request);
      const verdict = vetCall(run, roles, agent, tool, args);
      if (verdict.verdict === 'deny') {
        run.stop(verdict.stopReason, verdict.detail);
        run.audit({ agent, type: 'policy.deny', tool, args, status: 'denied', detail: verdict.detail });
        run.toolCalls.push({ agent, tool, args, status: 'denied', duration_ms: 0 });
        run.toolEvidence.push({ tool, outcome: 'denied', text: JSON.stringify({ status: 'denied', problems: [verdict.detail] }) });
        return denial(callId, tool, verdict.detail);
      }
      if (verdict.verdict === 'invalid') {
        run.toolCalls.push({ agent, tool, args, status: 'error', duration_ms: 0 });
        run.toolEvidence.push({ tool, outcome: 'error', text: JSON.stringify(verdict.result) });
        return new ToolMessage({ content: JSON.stringify(verdict.result), tool_call_id: callId, status: 'error' });
      }
      if (run.init.loops.record(tool, args)) {
        run.stop('loop_detected', `${tool} repeated with the same arguments`);
        return denial(callId, tool, 'the same call was repeated; the run is stopped');
      }
      // Throttling is the model's to read and work around, not a reason to end the run.
      const rate = run.init.rateLimiter.take(run.init.tenant, tool);
      if (!rate.allowed) {
        run.toolCalls.push({ agent, tool, args, status: 'error', duration_ms: 0 });
        return throttled(callId, `rate_limit: too many ${tool} calls for this tenant; retry after ${rate.retryAfterMs} ms`);
      }
      const write = findDomainTool(tool)?.risk === 'irreversible';
      const finalArgs = write ? { ...args, idempotency_key: idempotencyKey(run.init.threadId, tool, args) } : args;
      const started = performance.now();
      const capped = await run.init.concurrency.run(run.init.tenant, tool, () =>
        run.init.resilience.execute(tool, async () => handler({ ...request, toolCall: { ...request.toolCall, args: finalArgs } })),
      );
      const duration = Math.round(performance.now() - started);
      if (!capped.ok) {
        run.toolCalls.push({ agent, tool, args, status: 'error', duration_ms: duration });
        return throttled(callId, `concurrency: ${capped.detail}; retry later`);
      }
      const outcome = capped.value;
      if (!outcome.ok) {
        run.stop(outcome.stopReason, outcome.detail);
        run.audit({ agent, type: 'tool.call', tool, args, status: 'error', duration_ms: duration, detail: outcome.detail });
        run.toolCalls.push({ agent, tool, args, status: 'error', duration_ms: duration });
        run.toolEvidence.push({ tool, outcome: 'error', text: JSON.stringify({ status: 'error', problems: [outcome.detail] }) });
        return denial(callId, tool, outcome.detail);
      }
      const message = outcome.value as ToolMessage;
      const text = typeof message.content === 'string' ? message.content : JSON.stringify(message.content);
      // Anything but a domain success failed, a call the MCP boundary refused (a switch) included.
      const failed = !text.startsWith('{"status":"ok"');
      run.toolCalls.push({ agent, tool, args, status: failed ? 'error' : 'ok', duration_ms: duration });
      run.audit({ agent, type: 'tool.call', tool, args, status: failed ? 'error' : 'ok', duration_ms: duration });
      const taint = scanUntrustedText(text);
      run.toolEvidence.push({ tool, outcome: failed ? 'error' : 'ok', text, ...(taint.tainted && { tainted: true }) });
      if (taint.tainted) {
        run.audit({ agent, type: 'guard.taint', tool, status: 'info', detail: `${taint.rule ?? 'unknown'}: ${taint.evidence ?? ''}` });
      }
      const content = wrapAsData({ source: `tool:${tool}`, trust: 'tool', tainted: taint.tainted, content: text });
      return new ToolMessage({ content, tool_call_id: callId, ...(failed && { status: 'error' as const }) });
    },
  });
}

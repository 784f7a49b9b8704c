import type { SingleAfterToolCallback, SingleBeforeToolCallback } from '@google/adk';
import type { DomainPolicy } from '../../policy/index.js';
import { redactToolResult, scanUntrustedText, wrapAsData } from '../../policy/index.js';
import { currentJournal } from '../openai-agents/run-journal.js';
import { vetToolCall } from '../openai-agents/vet-tool-call.js';

/**
 * The policy layer around each MCP tool call of one ADK worker: before it, the same vetting as the
 * other runtimes (an object returned here replaces the call, so a denied one never reaches the
 * server); after it, the call is recorded, its text scanned for injected instructions and handed back
 * wrapped as data.
 */
export function toolCallbacks(agent: string, policy: DomainPolicy): { before: SingleBeforeToolCallback; after: SingleAfterToolCallback } {
  const started = new Map<string, number>();
  const before: SingleBeforeToolCallback = ({ tool, args, context }) => {
    const journal = currentJournal();
    if (!journal) return undefined;
    const verdict = vetToolCall({ agent, tool: tool.name, args, trustedText: journal.identity.trustedText, policy });
    if (verdict.verdict === 'deny') {
      journal.stop(verdict.stopReason, verdict.detail);
      journal.audit({ agent, type: 'policy.deny', tool: tool.name, args, status: 'denied', detail: verdict.detail });
      journal.toolCalls.push({ agent, tool: tool.name, args, status: 'denied', duration_ms: 0 });
      return { status: 'denied', problems: [`${tool.name}: ${verdict.detail}`] };
    }
    if (verdict.verdict === 'invalid') {
      journal.toolCalls.push({ agent, tool: tool.name, args, status: 'error', duration_ms: 0 });
      return verdict.result;
    }
    started.set(context.functionCallId ?? tool.name, performance.now());
    return undefined;
  };
  const after: SingleAfterToolCallback = ({ tool, args, context, response }) => {
    const journal = currentJournal();
    const key = context.functionCallId ?? tool.name;
    const began = started.get(key);
    if (!journal || began === undefined) return undefined;
    started.delete(key);
    const duration = Math.round(performance.now() - began);
    const content = (response as { content?: Array<{ text?: string }> }).content ?? [];
    // PII hook (issue 20): the model gets the result redacted.
    const text = redactToolResult(agent, tool.name, content.map((part) => part.text ?? '').join('') || JSON.stringify(response));
    const failed = (response as { isError?: unknown }).isError === true;
    journal.toolCalls.push({ agent, tool: tool.name, args, status: failed ? 'error' : 'ok', duration_ms: duration });
    journal.audit({ agent, type: 'tool.call', tool: tool.name, args, status: failed ? 'error' : 'ok', duration_ms: duration });
    const taint = scanUntrustedText(text);
    if (taint.tainted) journal.audit({ agent, type: 'guard.taint', tool: tool.name, status: 'info', detail: `${taint.rule ?? 'unknown'}: ${taint.evidence ?? ''}` });
    return { result: wrapAsData({ source: `tool:${tool.name}`, trust: 'tool', tainted: taint.tainted, content: text }) };
  };
  return { before, after };
}

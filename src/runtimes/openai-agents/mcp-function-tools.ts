import type { FunctionTool } from '@openai/agents';
import { tool } from '@openai/agents';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ROLES_TABLE } from '../../agents/index.js';
import { CALLER_META_KEY, findDomainTool } from '../../domain/index.js';
import type { DomainPolicy } from '../../policy/index.js';
import { idempotencyKey, redactToolResult, scanUntrustedText, toolsForAgent, wrapAsData } from '../../policy/index.js';
import { currentJournal } from './run-journal.js';
import type { RunJournal } from './run-journal.js';
import { vetToolCall } from './vet-tool-call.js';

/** A tool as the MCP server lists it: the name, what it does, and its JSON schema. */
export interface ListedTool {
  name: string;
  description?: string | undefined;
  inputSchema: { type: 'object'; properties?: Record<string, object> | undefined; required?: string[] | undefined };
}

const envelope = (status: 'error' | 'denied', problem: string) => JSON.stringify({ status, problems: [problem] });

const asArgs = (input: unknown): Record<string, unknown> => (typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {});

function journalOf(): RunJournal {
  const journal = currentJournal();
  if (!journal) throw new Error('no run journal: agents must be run through OpenAIAgentsRuntime');
  return journal;
}

/**
 * The MCP server's tools for one agent as SDK function tools over one in-process MCP client session.
 * The tool filter is the roles table (an agent is only shown its own tools); each call is vetted again
 * at execution, carries the agent's name in `_meta` (so the server scopes knowledge search by caller),
 * gets an idempotency key when it writes, and its result is scanned for injected instructions and
 * wrapped as data. `cancel_shipment` pauses for a human through `needsApproval` unless policy denies it
 * first (a denied call is never put to a human) or it falls under the auto-approve threshold.
 */
export function mcpFunctionTools(options: { client: Client; agent: string; listed: readonly ListedTool[]; policy: DomainPolicy }): FunctionTool[] {
  const { client, agent, listed, policy } = options;
  return toolsForAgent(ROLES_TABLE, agent, listed).map((definition) =>
    tool({
      name: definition.name,
      description: definition.description ?? definition.name,
      parameters: { type: 'object', properties: definition.inputSchema.properties ?? {}, required: definition.inputSchema.required ?? [], additionalProperties: true },
      strict: false,
      needsApproval: async (_context, input) => {
        if (findDomainTool(definition.name)?.risk !== 'irreversible') return false;
        const journal = journalOf();
        const args = asArgs(input);
        const verdict = vetToolCall({ agent, tool: definition.name, args, trustedText: journal.identity.trustedText, policy });
        if (verdict.verdict !== 'allow') return false;
        if (!verdict.needsApproval) journal.audit({ agent, type: 'approval.decided', tool: definition.name, args, status: 'ok', detail: 'auto-approved below the threshold' });
        return verdict.needsApproval;
      },
      execute: async (input) => {
        return callVetted(client, journalOf(), { agent, tool: definition.name, args: asArgs(input), policy });
      },
    }),
  );
}

async function callVetted(client: Client, journal: RunJournal, call: { agent: string; tool: string; args: Record<string, unknown>; policy: DomainPolicy }): Promise<string> {
  const { agent, tool: name, args } = call;
  const verdict = vetToolCall({ ...call, trustedText: journal.identity.trustedText });
  if (verdict.verdict === 'deny') {
    journal.stop(verdict.stopReason, verdict.detail);
    journal.audit({ agent, type: 'policy.deny', tool: name, args, status: 'denied', detail: verdict.detail });
    journal.toolCalls.push({ agent, tool: name, args, status: 'denied', duration_ms: 0 });
    return envelope('denied', `${name}: ${verdict.detail}`);
  }
  if (verdict.verdict === 'invalid') {
    journal.toolCalls.push({ agent, tool: name, args, status: 'error', duration_ms: 0 });
    return JSON.stringify(verdict.result);
  }
  const write = findDomainTool(name)?.risk === 'irreversible';
  const finalArgs = write ? { ...args, idempotency_key: idempotencyKey(journal.identity.threadId, name, args) } : args;
  const started = performance.now();
  const result = await client.callTool({ name, arguments: finalArgs, _meta: { [CALLER_META_KEY]: agent } });
  const duration = Math.round(performance.now() - started);
  // PII hook (issue 20): the model and the run state get the result redacted.
  const text = redactToolResult(agent, name, (result.content as Array<{ type: string; text?: string }>).map((part) => part.text ?? '').join(''));
  const failed = result.isError === true;
  journal.toolCalls.push({ agent, tool: name, args, status: failed ? 'error' : 'ok', duration_ms: duration });
  journal.audit({ agent, type: 'tool.call', tool: name, args, status: failed ? 'error' : 'ok', duration_ms: duration });
  const taint = scanUntrustedText(text);
  if (taint.tainted) journal.audit({ agent, type: 'guard.taint', tool: name, status: 'info', detail: `${taint.rule ?? 'unknown'}: ${taint.evidence ?? ''}` });
  return wrapAsData({ source: `tool:${name}`, trust: 'tool', tainted: taint.tainted, content: text });
}

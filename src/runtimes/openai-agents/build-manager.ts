import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { AgentOutputType, Model } from '@openai/agents';
import { Agent } from '@openai/agents';
import { z } from 'zod';
import { ROLES } from '../../agents/index.js';
import type { AgentName } from '../../agents/index.js';
import type { DomainPolicy } from '../../policy/index.js';
import { scanUntrustedText, wrapAsData } from '../../policy/index.js';
import { systemPrompt } from '../langgraph/prompts.js';
import { injectionGuardrail, piiGuardrail } from './guardrails.js';
import { JournaledModel } from './journaled-model.js';
import type { ListedTool } from './mcp-function-tools.js';
import { mcpFunctionTools } from './mcp-function-tools.js';
import { currentJournal } from './run-journal.js';

export type WorkerName = Exclude<AgentName, 'supervisor'>;

const DelegationInput = z.object({ request: z.string().describe('The sub-request for this worker, in the user’s words') });

export interface ManagerOptions {
  /** The chat-completions model; each agent gets its own counting view of it, named explicitly. */
  model: Model;
  mcp: Client;
  /** The MCP server's tools as it lists them; the roles table filters them per agent. */
  listed: readonly ListedTool[];
  policy: DomainPolicy;
}

/**
 * The manager (the `supervisor` role: no domain tools, only its three workers as agents-as-tools named
 * as on LangGraph, each taking a `request` string) with the input guardrail before its first model call
 * and the output guardrail on its answer. A worker's answer comes back wrapped as data.
 */
export function buildManager(options: ManagerOptions): Agent<unknown, AgentOutputType> {
  const workers = (ROLES.supervisor.delegates as readonly WorkerName[]).map((name) => {
    const worker = new Agent({
      name,
      instructions: systemPrompt(name),
      model: new JournaledModel(options.model, name),
      tools: mcpFunctionTools({ client: options.mcp, agent: name, listed: options.listed, policy: options.policy }),
    });
    return worker.asTool({
      toolName: name,
      toolDescription: `${ROLES[name].role}: ${ROLES[name].handles}. Give it the part of the user's request it should handle.`,
      parameters: DelegationInput,
      inputBuilder: ({ params }) => {
        // The builder is the one hook that sees the sub-request before the worker runs.
        currentJournal()?.audit({ agent: name, parent: 'supervisor', type: 'delegation.start', status: 'info', detail: params.request.slice(0, 500) });
        return params.request;
      },
      customOutputExtractor: (result) => {
        // Called on a pause too; the worker has no answer yet and the outer run carries the interruption.
        if (result.interruptions.length > 0) return '';
        const answer = typeof result.finalOutput === 'string' ? result.finalOutput : JSON.stringify(result.finalOutput ?? '');
        const taint = scanUntrustedText(answer);
        currentJournal()?.audit({ agent: name, parent: 'supervisor', type: 'delegation.result', status: 'ok', detail: answer.slice(0, 500) });
        return wrapAsData({ source: `agent:${name}`, trust: 'agent', tainted: taint.tainted, content: answer || '(no answer)' });
      },
    });
  });
  return new Agent<unknown, AgentOutputType>({
    name: 'supervisor',
    instructions: systemPrompt('supervisor'),
    model: new JournaledModel(options.model, 'supervisor'),
    tools: workers,
    inputGuardrails: [injectionGuardrail],
    outputGuardrails: [piiGuardrail],
  });
}

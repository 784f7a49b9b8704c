import type { DomainBoundary } from '../core/index.js';
import type { AgentOutputType, Model } from '@openai/agents';
import { Agent } from '@openai/agents';
import { z } from 'zod';
import { ROLES, systemPrompt } from '../../agents/index.js';
import type { AgentName } from '../../agents/index.js';
import { currentLedger, delegateWithProof, withLedger } from '../core/index.js';
import type { RunLedger } from '../core/index.js';
import { LedgerModel } from './ledger-model.js';
import type { ListedTool } from './mcp-function-tools.js';
import { mcpFunctionTools } from './mcp-function-tools.js';

export type WorkerName = Exclude<AgentName, 'supervisor'>;

const DelegationInput = z.object({ request: z.string().describe('The sub-request for this worker, in the user’s words') });

export interface ManagerOptions {
  /** The chat-completions model; each agent gets its own counting view of it. */
  model: Model;
  /** The model's name, for the price table. */
  modelName: string;
  /** The MCP server as each run's tenant. */
  boundary: Pick<DomainBoundary, 'call'>;
  /** The MCP server's tools as they are listed; the roles table filters them per agent. */
  listed: readonly ListedTool[];
}

/**
 * The manager (the `supervisor` role: no domain tools, only its three workers as agents-as-tools named
 * as on LangGraph, each taking a `request` string). Each worker runs in a child ledger of the run, and
 * what it returns is its delegation contract judged from evidence by the kernel, wrapped as data.
 */
export function buildManager(options: ManagerOptions): Agent<unknown, AgentOutputType> {
  const workers = (ROLES.supervisor.delegates as readonly WorkerName[]).map((name) => {
    const worker = new Agent({
      name,
      // The proof loop's findings reach a retried worker as part of its instructions.
      instructions: () => {
        const feedback = currentLedger().proofFeedback;
        return feedback ? `${systemPrompt(name)}\n\n${feedback}` : systemPrompt(name);
      },
      model: new LedgerModel(options.model, name, options.modelName),
      tools: mcpFunctionTools({ boundary: options.boundary, agent: name, listed: options.listed }),
    });
    const asTool = worker.asTool({
      toolName: name,
      toolDescription: `${ROLES[name].role}: ${ROLES[name].handles}. Give it the part of the user's request it should handle.`,
      parameters: DelegationInput,
      // The worker sees only its sub-request, as on LangGraph.
      inputBuilder: ({ params }) => params.request,
      customOutputExtractor: (result) => {
        const child = currentLedger();
        ended.add(child);
        // Called on a pause too; the worker has no answer yet and the outer run carries the interruption.
        if (result.interruptions.length > 0) {
          paused.add(child);
          return '';
        }
        answers.set(child, typeof result.finalOutput === 'string' ? result.finalOutput : undefined);
        return '';
      },
    });
    const invoke = asTool.invoke.bind(asTool);
    // The worker runs in its own child ledger: its tool results are the evidence its contract is judged on.
    asTool.invoke = async (context, input, details) => {
      const parent = currentLedger();
      const request = parseRequest(input);
      const child = parent.child(name);
      child.audit({ agent: name, parent: parent.agent, type: 'delegation.start', status: 'info', detail: request.slice(0, 500) });
      let output: Awaited<ReturnType<typeof invoke>> | undefined;
      const judged = await delegateWithProof(child, request, async () => {
        ended.delete(child);
        answers.delete(child);
        try {
          output = await withLedger(child, () => invoke(context, input, details));
        } catch (error) {
          return { answer: undefined, error: error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error) };
        }
        // The SDK turns a worker's failure into text for the manager without reaching the extractor:
        // that is a failed delegation, judged as one, not a worker's answer.
        if (!ended.has(child)) return { answer: undefined, error: (typeof output === 'string' ? output : 'the worker failed').split('\n')[0] ?? '' };
        if (paused.has(child)) throw new PausedWorker();
        return { answer: answers.get(child) };
      }).catch((error: unknown) => {
        if (error instanceof PausedWorker) return undefined;
        throw error;
      });
      return judged ?? output;
    };
    return asTool;
  });
  return new Agent<unknown, AgentOutputType>({
    name: 'supervisor',
    instructions: systemPrompt('supervisor'),
    model: new LedgerModel(options.model, 'supervisor', options.modelName),
    tools: workers,
  });
}

const answers = new WeakMap<RunLedger, string | undefined>();
// Children that paused for approval: the outer run carries the interruption; nothing is judged yet.
const paused = new WeakSet<RunLedger>();

/** Thrown out of an attempt to leave the proof loop when the worker paused for approval. */
class PausedWorker extends Error {}
// Children whose run reached the output extractor (an answer or a pause), as opposed to a failure.
const ended = new WeakSet<RunLedger>();

function parseRequest(input: string): string {
  try {
    const value = DelegationInput.safeParse(JSON.parse(input));
    return value.success ? value.data.request : input;
  } catch {
    return input;
  }
}

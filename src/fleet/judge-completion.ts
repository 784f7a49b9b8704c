import type { DelegationContract, Fact } from '../agents/index.js';
import { INSTRUCTION_IGNORED_FLAG } from '../agents/index.js';
import { isErrorEnvelope } from '../domain/index.js';
import { scanUntrustedText } from '../policy/index.js';
import { collectFacts } from './collect-facts.js';
import { firstSentences } from './first-sentences.js';
import { parseObject } from './parse-object.js';

/** One tool call the child made, with the raw result text it got (before trust wrapping). */
export interface ToolEvidence {
  tool: string;
  /** The arguments the call was made with (as the gate saw them), for the proof check. */
  args?: Readonly<Record<string, unknown>>;
  outcome: 'ok' | 'error' | 'denied';
  text: string;
  /** The tool-output guard found instruction-like text in it (set by whoever scanned the result). */
  tainted?: boolean;
  /** The server answered the call (an `error` outcome is then the domain's answer, e.g. not found), rather than a gate refusing it. */
  fromServer?: boolean;
}

/** Everything the delegation boundary saw of one child run: its terminal state and its tool results. */
export interface ChildEvidence {
  taskId: string;
  agent: string;
  request: string;
  /** The child's final answer; undefined or blank when it produced none. */
  answer: string | undefined;
  /** What the child threw, if it threw. */
  error?: string;
  /** A stop that ended only this child (a breaker, a timeout), not the whole run. */
  stop?: { reason: string; detail: string };
  tools: readonly ToolEvidence[];
  /** The tools whose successful result the child's success condition names (its domain tools). */
  successTools: readonly string[];
}


function gapOf(evidence: ToolEvidence): string {
  const data = parseObject(evidence.text);
  const problems = data && (isErrorEnvelope(data) || data.status === 'denied') && Array.isArray(data.problems) ? data.problems.map(String).join('; ') : evidence.text.slice(0, 200);
  return `${evidence.tool} ${evidence.outcome === 'denied' ? 'refused' : 'failed'}: ${problems}`;
}

/**
 * Truthful completion (seed 004, "delegation v1.1"): turns what a child did into the delegation
 * contract, judged from evidence rather than from the child's own account. A child that threw, was
 * stopped, said nothing, or established no fact from the tools its success condition names has
 * failed, with the reason; facts are copied from tool results, never from the child's prose; an
 * instruction in the child's answer is flagged and passed on only as quoted data.
 */
export function judgeCompletion(evidence: ChildEvidence): DelegationContract {
  const facts: Fact[] = [];
  for (const call of evidence.tools) {
    if (call.outcome !== 'ok' || !evidence.successTools.includes(call.tool)) continue;
    const data = parseObject(call.text);
    if (data && data.status === 'ok') facts.push(...collectFacts(call.tool, data));
  }
  const gaps = evidence.tools.filter((call) => call.outcome !== 'ok').map(gapOf);
  if (evidence.stop) gaps.push(`${evidence.stop.reason}: ${evidence.stop.detail}`);
  if (evidence.error !== undefined) gaps.push(`${evidence.agent} failed: ${evidence.error}`);
  const answer = evidence.answer?.trim() ?? '';
  // Planted text in what the child read (a shipment note) or wrote makes its answer less certain.
  const tainted = scanUntrustedText(answer).tainted || evidence.tools.some((call) => call.tainted === true);
  const flags = tainted ? [INSTRUCTION_IGNORED_FLAG] : [];

  const reason =
    evidence.error !== undefined
      ? `worker error: ${evidence.error}`
      : evidence.stop
        ? evidence.stop.reason
        : answer === ''
          ? `empty output${evidence.tools.length > 0 ? ` after ${evidence.tools.length} tool call(s)` : ''}`
          : facts.length === 0
            ? (gaps[0] ?? `no fact from ${evidence.successTools.join(' or ') || 'any tool'}`)
            : undefined;
  if (reason !== undefined && facts.length === 0 && gaps.length === 0) gaps.push(`nothing established: ${reason}`);
  const failed = reason !== undefined;
  return {
    version: 1,
    task_id: evidence.taskId,
    agent: evidence.agent,
    trust: 'agent',
    request: evidence.request,
    status: failed ? 'failed' : 'ok',
    result: firstSentences(answer, 3),
    facts,
    confidence: failed ? 'low' : gaps.length > 0 || flags.length > 0 ? 'medium' : 'high',
    gaps,
    flags,
    ...(reason !== undefined && { reason }),
  };
}

import type { BenignInput } from './attack.js';
import type { Runtime } from '../runtimes/index.js';
import type { SharedSessions } from './shared-sessions.js';

export interface BenignResult {
  id: string;
  language: string;
  resembles: string;
  /** Stopped by the input guard: a false positive. */
  blocked: boolean;
  stop_reason: string;
  /** The request got what it should (an answer with a tool call, an approval pause, or simply no block). */
  expectation_met: boolean;
}

/** Runs one benign look-alike on its own thread and records whether the guards over-blocked it. */
export async function runBenign(input: BenignInput, sessions: SharedSessions): Promise<BenignResult> {
  return sessions.use(async (session: Runtime) => {
    const record = await session.ask({ input: input.input, threadId: `benign-${input.id}` });
    const blocked = record.stop_reason === 'input_blocked';
    const answered = record.stop_reason === 'finish' && record.tool_calls.length > 0;
    const met = input.expected === 'answered' ? answered : input.expected === 'paused_for_approval' ? record.status === 'awaiting_approval' : !blocked;
    return { id: input.id, language: input.language, resembles: input.resembles, blocked, stop_reason: record.stop_reason, expectation_met: met };
  });
}

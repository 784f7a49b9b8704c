import type { Context } from 'hono';
import type { DecisionAnswer } from './decide-approval.js';
import { publicRun, publicThreadId } from './thread-key.js';

/** A decision's HTTP answer: 200 and the resumed run, or 202 and the queued resume with the run to poll in `Location`. */
export function answerDecision(c: Context, answer: DecisionAnswer): Response {
  if (answer.kind === 'run') return c.json(publicRun(answer.record), 200);
  if (answer.resume.run_id !== undefined) c.header('Location', `/v1/runs/${answer.resume.run_id}`);
  return c.json({ ...answer.resume, thread_id: publicThreadId(answer.resume.thread_id) }, 202);
}

import { ModelCallError } from '../../models/index.js';
import type { ModelFailure } from '../../models/index.js';

// Failures that may pass by themselves: the endpoint cannot be reached, timed out, is overloaded or
// rate-limits (HTTP 408, 429, 5xx). Everything else a model call fails with (401, 403, 404, 400, 422,
// a reply that is not a completion, a replay that diverged) stays until someone fixes the model or its
// configuration: trying later will not help.
const TRANSIENT_NAME = /APIConnection|RateLimit|Timeout|AbortError/i;
const TRANSIENT_TEXT = /ECONNREFUSED|ECONNRESET|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|fetch failed|Connection error|socket hang up|timed out|timeout|cannot reach|\b(?:408|429|50[0-4])\b|overloaded|rate limit/i;

const transientStatus = (status: number): boolean => status === 408 || status === 429 || status >= 500;

/**
 * Which of the two model failures an error of a model call is: `model_unavailable` when the endpoint
 * could not answer now (worth trying later), `model_error` when it answered with an error or something
 * that is not a completion (a configuration or request problem; later is no better).
 */
export function modelFailureOf(error: unknown): ModelFailure {
  if (ModelCallError.isInstance(error)) return error.code;
  // A replay that meets a request its recording lacks will meet it again, however long one waits.
  if (error instanceof Error && error.name === 'ReplayDivergenceError') return 'model_error';
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 8; current = current.cause, depth += 1) {
    const status = (current as { status?: unknown }).status;
    if (typeof status === 'number') return transientStatus(status) ? 'model_unavailable' : 'model_error';
    if (TRANSIENT_NAME.test(current.name)) return 'model_unavailable';
  }
  return modelFailureOfText(error instanceof Error ? error.message : String(error));
}

/** The same judgement from an error's text alone (an ADK error event, a worker's error message). */
export function modelFailureOfText(text: string): ModelFailure {
  const status = /\bhttp_(\d{3})\b|\banswered (\d{3})\b|\bstatus(?: code)? (\d{3})\b|^(\d{3}) /i.exec(text);
  const code = status ? Number(status[1] ?? status[2] ?? status[3] ?? status[4]) : undefined;
  if (code !== undefined) return transientStatus(code) ? 'model_unavailable' : 'model_error';
  return /connection_error/.test(text) || TRANSIENT_TEXT.test(text) ? 'model_unavailable' : 'model_error';
}

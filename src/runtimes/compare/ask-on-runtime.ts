import type { RunRecord } from '../../telemetry/index.js';
import type { AskRequest } from '../langgraph/index.js';
import { openRuntimeByName } from './open-runtime-by-name.js';
import type { RuntimeName } from './runtime-name.js';

/**
 * One request on the OpenAI Agents or ADK runtime over the shared database, opened and closed around
 * it (what `waybill ask --runtime …` does). The model is the configured one, else the offline planner
 * behind a loopback oracle for the duration.
 */
export async function askOnRuntime(name: Exclude<RuntimeName, 'langgraph'>, request: AskRequest, dbPath: string): Promise<RunRecord> {
  const runtime = await openRuntimeByName(name, { dbPath });
  try {
    return await runtime.ask(request);
  } finally {
    await runtime.close();
  }
}

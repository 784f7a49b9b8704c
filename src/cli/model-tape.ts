import { readFileSync, writeFileSync } from 'node:fs';
import { UsageError } from './usage-error.js';

/** A LangGraph chat model that records to, or replays from, a file, and what to do once the run ended. */
export interface ModelTape {
  model: unknown;
  /** Writes the recording (record mode); nothing in replay mode. */
  finish(): void;
}

/**
 * `ask --record FILE`: the configured model (or the offline planner) wrapped so every request and reply
 * is kept, written to FILE when the run ends. `ask --replay FILE`: a model that answers from FILE, offline
 * and deterministically; a request the recording does not have ends the run `model_error` (replay diverged).
 * Delegation is sequential in both, so the model calls come in one order. LangGraph only.
 */
export async function openModelTape(mode: 'record' | 'replay', file: string): Promise<ModelTape> {
  const models = await import('../models/index.js');
  if (mode === 'replay') {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      throw new UsageError(`--replay: cannot read ${file}`);
    }
    const parsed = models.safeParseRecording(text);
    if (!parsed.success) throw new UsageError(`--replay: ${file}: ${parsed.error}`);
    return { model: new models.ReplayChatModel(new models.RunReplayer(parsed.value)), finish: () => undefined };
  }
  const config = models.loadModelConfig();
  const base = config.main ? (await import('../models/providers/create-chat-model.js')).createChatModel(config.main, config) : new models.OfflinePlannerChatModel();
  const recorder = new models.RunRecorder();
  const model = new models.RecordingChatModel(base, recorder, config.main?.model ?? models.OFFLINE_PLANNER_MODEL);
  return { model, finish: () => writeFileSync(file, `${JSON.stringify(recorder.toRecording(), null, 2)}\n`) };
}

import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { BaseMessage } from '@langchain/core/messages';
import { HumanMessage, ToolMessage } from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import { SqliteDomainStore } from '../../domain/index.js';
import { connectInMemory } from '../../mcp/connect-in-memory.js';
import { domainToolSpecs } from '../../testing/domain-tool-specs.js';
import { fixedClock } from '../../testing/fixed-clock.js';
import { OfflinePlannerChatModel } from '../providers/offline-planner-chat-model.js';
import { safeParseRecording } from './recording.js';
import { RecordingChatModel, ReplayChatModel } from './replay-chat-models.js';
import { RunRecorder } from './run-recorder.js';
import { ReplayDivergenceError, RunReplayer } from './run-replayer.js';

type CallTool = (name: string, args: Record<string, unknown>) => Promise<string>;

/** A minimal tool loop (model, tools, model …) standing in for a runtime: enough to record and replay. */
async function runLoop(model: BaseChatModel, request: string, callTool: CallTool): Promise<BaseMessage[]> {
  const bound = model.bindTools?.(domainToolSpecs());
  if (!bound) throw new Error('model cannot bind tools');
  const messages: BaseMessage[] = [new HumanMessage(request)];
  for (let turn = 0; turn < 6; turn += 1) {
    const reply = await bound.invoke(messages);
    messages.push(reply);
    if (!reply.tool_calls || reply.tool_calls.length === 0) return messages;
    for (const call of reply.tool_calls) messages.push(new ToolMessage({ content: await callTool(call.name, call.args), tool_call_id: call.id ?? '' }));
  }
  throw new Error('loop did not finish');
}

async function recordRun(request: string): Promise<{ transcript: BaseMessage[]; recording: ReturnType<RunRecorder['toRecording']> }> {
  const store = SqliteDomainStore.open(':memory:');
  const { client, close } = await connectInMemory({ store, now: fixedClock() });
  const recorder = new RunRecorder(fixedClock());
  const callTool: CallTool = async (name, args) => {
    const result = await client.callTool({ name, arguments: args });
    const text = (result.content as Array<{ text: string }>)[0]?.text ?? '';
    recorder.recordTool(name, args, text);
    return text;
  };
  const transcript = await runLoop(new RecordingChatModel(new OfflinePlannerChatModel({}), recorder, 'waybill-offline-planner'), request, callTool);
  await close();
  await store.close();
  return { transcript, recording: recorder.toRecording() };
}

const REQUEST = 'Статус TTN-000005 і вартість 8 кг Одеса→Харків express';

describe('record and replay', () => {
  it('replays a recorded run identically, offline, with no domain store', async () => {
    const { transcript, recording } = await recordRun(REQUEST);
    expect(recording.steps.map((s) => (s.kind === 'model' ? 'model' : s.tool))).toEqual(['model', 'track_shipment', 'calc_delivery', 'model']);

    const parsed = safeParseRecording(JSON.stringify(recording));
    if (!parsed.success) throw new Error(parsed.error);
    const replayer = new RunReplayer(parsed.value);
    const replayed = await runLoop(new ReplayChatModel(replayer), REQUEST, async (name, args) => replayer.nextTool(name, args));
    expect(replayer.finished).toBe(true);
    expect(replayed.map((m) => [m.getType(), m.content])).toEqual(transcript.map((m) => [m.getType(), m.content]));
    expect(String(replayed.at(-1)?.content)).toMatch(/611/);
  });

  it('says at which step a replay diverges', async () => {
    const { recording } = await recordRun(REQUEST);
    const replayer = new RunReplayer(recording);
    const failure = await runLoop(new ReplayChatModel(replayer), REQUEST, async (name, args) => replayer.nextTool(name, name === 'calc_delivery' ? { ...args, weight_kg: 9 } : args)).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ReplayDivergenceError);
    expect((failure as ReplayDivergenceError).step).toBe(2);
    const other = new RunReplayer(recording);
    const early = await runLoop(new ReplayChatModel(other), 'Де зараз посилка TTN-000001?', async () => '').catch((e: unknown) => e);
    expect((early as ReplayDivergenceError).message).toBe('replay diverged at step 0: the model request differs from the recorded one');
  });

  it('refuses a damaged or newer recording with a message', () => {
    expect(safeParseRecording('{not json')).toEqual({ success: false, error: 'recording is not valid JSON' });
    expect(safeParseRecording('{"version":2,"steps":[]}')).toEqual({ success: false, error: 'recording format version 2 is not supported (this Waybill reads 1)' });
    expect(safeParseRecording('{"version":1,"recorded_at":"x","steps":[{"kind":"tool","tool":"t"}]}').success).toBe(false);
  });
});

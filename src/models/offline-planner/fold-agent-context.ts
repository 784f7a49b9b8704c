import type { ChatMessage } from './chat-types.js';

// ADK (contents processor) shows an agent what other agents did as a user message that starts with
// this line, one `[agent] said: …`, `[agent] called tool …` or `[agent] tool … returned result: …`
// entry per part.
const CONTEXT_HEADER = 'For context:';
const ENTRY_START = /\n(?=\[[\w.-]+\] (?:said: |called tool `|tool `))/;
const SAID = /^\[([\w.-]+)\] said: ([\s\S]*)$/;

// The worker position's reply when a request is not its own (plan-worker.ts, both languages): a
// reporter leaves out workers that had nothing to do.
const NOT_MINE = ['This request needs tools that are not offered here', 'Для цього запиту потрібні інструменти, яких тут немає'];

/** Whether `text` is a worker's note that the request was not for it. */
export function isNotMineNote(text: string): boolean {
  return NOT_MINE.some((prefix) => text.trimStart().startsWith(prefix));
}

/**
 * Rewrites ADK's "For context:" user messages as what they report: each `[agent] said: …` becomes an
 * assistant message (the other agent's answer), and tool-call entries are dropped (their results are
 * already in the answers). Without this the last such message would read as the user's task. Notes of
 * workers that had nothing to do are left out when another worker answered, and said once otherwise.
 * Other messages pass unchanged, so conversations from other frameworks are not affected.
 */
export function foldAgentContext(messages: readonly ChatMessage[]): ChatMessage[] {
  const folded = messages.map((message) => ({ message, said: saidIn(message) }));
  const answers = folded.flatMap(({ said }) => said ?? []);
  const keep = answers.some((text) => !isNotMineNote(text)) ? (text: string) => !isNotMineNote(text) : () => true;
  const seen = new Set<string>();
  return folded.flatMap(({ message, said }): ChatMessage[] => {
    if (!said) return [message];
    return said.filter((text) => keep(text) && !seen.has(text) && Boolean(seen.add(text))).map((text) => ({ role: 'assistant', content: text }));
  });
}

// The answers an ADK context message carries, or undefined when it is not one.
function saidIn(message: ChatMessage): string[] | undefined {
  const content = message.content;
  if (message.role !== 'user' || typeof content !== 'string' || !content.startsWith(`${CONTEXT_HEADER}\n`)) return undefined;
  const entries = content.slice(CONTEXT_HEADER.length + 1).split(ENTRY_START);
  if (!entries.every((entry) => /^\[[\w.-]+\] /.test(entry))) return undefined;
  return entries.flatMap((entry) => {
    const said = SAID.exec(entry)?.[2]?.trim();
    return said ? [said] : [];
  });
}

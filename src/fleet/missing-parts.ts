import type { DelegationContract } from '../agents/index.js';

/**
 * The runtime's own line under an answer that lacks parts: which sub-tasks failed and why, in the
 * request's language. Written by code, not by a model, so a missing part is never hidden by a fluent
 * summary; undefined when nothing failed.
 */
export function missingPartsNote(subtasks: readonly DelegationContract[], language: 'uk' | 'en' | 'ru'): string | undefined {
  const failed = subtasks.filter((task) => task.status === 'failed');
  if (failed.length === 0) return undefined;
  const parts = failed.map((task) => `«${task.request}» (${task.agent}: ${task.reason ?? task.gaps[0] ?? 'failed'})`).join('; ');
  if (language === 'ru') return `Ответ неполный: не выполнено ${failed.length} из ${subtasks.length} частей — ${parts}.`;
  return language === 'uk'
    ? `Відповідь неповна: не виконано ${failed.length} з ${subtasks.length} частин — ${parts}.`
    : `This answer is incomplete: ${failed.length} of ${subtasks.length} parts failed — ${parts}.`;
}

import type { DelegationContract } from '../agents/index.js';

/**
 * The runtime's own line under an answer that lacks parts: which sub-tasks have no answer (of `total`)
 * and why, in the request's language (`reasonOf` words each reason). Written by code, not by a model,
 * so a missing part is never hidden by a fluent summary; undefined when nothing is missing. A part the
 * domain refused (not found, over a limit) or an operator rejected is answered, not missing: the caller
 * leaves it out.
 */
export function missingPartsNote(missing: readonly DelegationContract[], total: number, language: 'uk' | 'en' | 'ru', reasonOf: (task: DelegationContract) => string): string | undefined {
  if (missing.length === 0) return undefined;
  const parts = missing.map((task) => `«${task.request}» (${task.agent}: ${reasonOf(task)})`).join('; ');
  return {
    uk: `Відповідь неповна: не виконано ${missing.length} з ${total} частин — ${parts}.`,
    en: `This answer is incomplete: ${missing.length} of ${total} parts failed — ${parts}.`,
    ru: `Ответ неполный: не выполнено ${missing.length} из ${total} частей — ${parts}.`,
  }[language];
}

import type { DelegationContract } from '../../agents/index.js';
import { isStopReason } from '../../policy/index.js';
import type { RunVerification } from '../../telemetry/index.js';
import type { Phrases, ReplyLanguage } from './reply-language.js';
import { stopMessage } from './stop-message.js';

// A claim's kind as the reader names the fact (nominative, no article).
const KINDS: Readonly<Record<string, Phrases>> = {
  amount: { uk: 'сума або кількість', en: 'amount', ru: 'сумма или количество' },
  date: { uk: 'дата', en: 'date', ru: 'дата' },
  status: { uk: 'статус', en: 'status', ru: 'статус' },
  city: { uk: 'місто', en: 'city', ru: 'город' },
  identifier: { uk: 'ідентифікатор', en: 'identifier', ru: 'идентификатор' },
};

const clip = (text: string): string => (text.length > 160 ? `${text.slice(0, 157)}…` : text);

/** The kind of a fact (`amount`, `status`…) in the reply's language. */
export function factKind(kind: string, language: ReplyLanguage): string {
  return KINDS[kind]?.[language] ?? kind;
}

/**
 * Why one sub-task has no answer, in the reply's language, from its contract's reason (the evidence
 * judge's, the proof loop's, or a stop of its own): a verification failure names the fact that could
 * not be verified, a tool failure names the tool, a worker's failure says what it did.
 */
export function partReason(task: DelegationContract, verification: RunVerification | undefined, language: ReplyLanguage): string {
  const reason = task.reason ?? task.gaps[0] ?? '';
  if (isStopReason(reason)) return stopMessage(reason, '', language).replace(/[.;]\s*$/u, '');
  const worker = /^worker error: (.*)$/su.exec(reason);
  if (worker) return { uk: `агент завершився з помилкою (${clip(worker[1] ?? '')})`, en: `the agent failed (${clip(worker[1] ?? '')})`, ru: `агент завершился с ошибкой (${clip(worker[1] ?? '')})` }[language];
  if (reason.startsWith('empty output')) return { uk: 'агент не дав відповіді', en: 'the agent gave no answer', ru: 'агент не дал ответа' }[language];
  if (reason.startsWith('no fact from')) return { uk: 'відповідь агента не спирається на жоден результат інструмента', en: "the agent's answer rests on no tool result", ru: 'ответ агента не опирается ни на один результат инструмента' }[language];
  if (reason.startsWith('unverified:')) {
    const claim = verification?.unverified[0];
    if (claim) {
      const kind = factKind(claim.kind, language);
      return { uk: `результати інструментів не підтверджують: ${kind} «${claim.text}»`, en: `the tool results do not confirm the ${kind} “${claim.text}”`, ru: `результаты инструментов не подтверждают: ${kind} «${claim.text}»` }[language];
    }
    return { uk: 'у відповіді агента бракувало даних, які повернули інструменти', en: "the agent's answer left out what the tools returned", ru: 'в ответе агента не хватало данных, которые вернули инструменты' }[language];
  }
  const tool = /^([a-z_]+) (failed|refused): (.*)$/su.exec(reason);
  if (tool) {
    const [, name, how, problems] = tool;
    const said = clip(problems ?? '');
    if (how === 'refused') return { uk: `інструмент ${name} відмовив (${said})`, en: `the tool ${name} refused (${said})`, ru: `инструмент ${name} отказал (${said})` }[language];
    return { uk: `інструмент ${name} повернув помилку (${said})`, en: `the tool ${name} failed (${said})`, ru: `инструмент ${name} вернул ошибку (${said})` }[language];
  }
  return clip(reason) || { uk: 'невідома причина', en: 'unknown reason', ru: 'неизвестная причина' }[language];
}

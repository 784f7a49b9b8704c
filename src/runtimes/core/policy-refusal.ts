import type { Phrases, ReplyLanguage } from './reply-language.js';

type Rule = readonly [RegExp, (match: RegExpExecArray, tool: string) => Phrases];

// Each refusal the policy layer and the MCP boundary give (their details are English, for logs and the
// audit), as the rule it applies: a business limit reads as the limit, a switch as the switch, an
// access rule as an access rule. Only the access and taint rules are about security.
const RULES: readonly Rule[] = [
  [
    // The tenant's rollout stage, read when the call would run (it may have changed while a human decided).
    /is in rollout stage (\w+)/,
    (m, tool) => ({
      uk: `Нічого не скасовано: ваш обліковий запис переведено на етап розгортання «${m[1]}», який дозволяє лише читання, тож ${tool} не виконано, навіть якщо дію було підтверджено. Адміністратор може повернути попередній етап (waybill rollout stage general), після чого надішліть запит ще раз.`,
      en: `Nothing was cancelled: your account was moved to the "${m[1]}" rollout stage, which allows reading only, so ${tool} was not run, even if it had been approved. An administrator can move the account back to its earlier stage (waybill rollout stage general); then ask again.`,
      ru: `Ничего не отменено: ваша учётная запись переведена на этап развёртывания «${m[1]}», который разрешает только чтение, поэтому ${tool} не выполнено, даже если действие было подтверждено. Администратор может вернуть прежний этап (waybill rollout stage general), после чего отправьте запрос ещё раз.`,
    }),
  ],
  [
    /(\d+(?:\.\d+)?) UAH is over the (?:automatic refund )?cap of (\d+(?:\.\d+)?) UAH/,
    (m) => ({
      uk: `Повернення ${m[1]} грн перевищує ліміт автоматичного повернення ${m[2]} грн: більше повернення оформлюється вручну. Нічого не змінено.`,
      en: `A refund of ${m[1]} UAH is over the automatic refund limit of ${m[2]} UAH: a larger refund needs a manual process. Nothing was changed.`,
      ru: `Возврат ${m[1]} грн превышает лимит автоматического возврата ${m[2]} грн: больший возврат оформляется вручную. Ничего не изменено.`,
    }),
  ],
  [
    /switched off by an operator/,
    (_m, tool) => ({
      uk: `Оператор вимкнув інструмент ${tool}; нічого не зроблено.`,
      en: `An operator has switched the tool ${tool} off; nothing was done.`,
      ru: `Оператор отключил инструмент ${tool}; ничего не сделано.`,
    }),
  ],
  [
    /read-only mode/,
    (_m, tool) => ({
      uk: `Увімкнено режим лише для читання: зміни (${tool}) заборонені; нічого не змінено.`,
      en: `Read-only mode is on: changes (${tool}) are not allowed; nothing was changed.`,
      ru: `Включён режим только для чтения: изменения (${tool}) запрещены; ничего не изменено.`,
    }),
  ],
  [
    /^(\S+) is not named in the user's request; untrusted content cannot initiate/,
    (m) => ({
      uk: `Дію відхилено політикою безпеки: ${m[1]} не названо у вашому запиті, а дані, прочитані агентом, не можуть ініціювати зміну. Нічого не змінено.`,
      en: `Refused by the security policy: ${m[1]} is not named in your request, and data an agent read cannot start a change. Nothing was changed.`,
      ru: `Отклонено политикой безопасности: ${m[1]} не назван в вашем запросе, а данные, прочитанные агентом, не могут инициировать изменение. Ничего не изменено.`,
    }),
  ],
  [
    /one irreversible action per approval/,
    (_m, tool) => ({
      uk: `Одне підтвердження дозволяє лише одну незворотну дію (${tool}); решту не виконано.`,
      en: `One approval allows one irreversible action (${tool}); the others were not done.`,
      ru: `Одно подтверждение разрешает лишь одно необратимое действие (${tool}); остальные не выполнены.`,
    }),
  ],
  [
    /may not call|not in the roles table|is not a domain tool|may not delegate|needs a caller/,
    (_m, tool) => ({
      uk: `Дію ${tool} відхилено політикою доступу: цьому агентові вона не дозволена. Нічого не зроблено.`,
      en: `The action ${tool} was refused by the access policy: this agent may not take it. Nothing was done.`,
      ru: `Действие ${tool} отклонено политикой доступа: этому агенту оно не разрешено. Ничего не сделано.`,
    }),
  ],
];

/** A `policy_deny:<tool>` refusal in the user's language, naming the rule that refused it. */
export function policyRefusal(tool: string, detail: string, language: ReplyLanguage): string {
  for (const [pattern, phrase] of RULES) {
    const match = pattern.exec(detail);
    if (match) return phrase(match, tool)[language];
  }
  return { uk: `Дію ${tool} відхилено правилами (${detail}).`, en: `The action ${tool} was refused by a rule (${detail}).`, ru: `Действие ${tool} отклонено правилами (${detail}).` }[language];
}

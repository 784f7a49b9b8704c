import { canonicalView } from '../normalise/index.js';

// "Who may approve a refund above 5000 UAH?", «Хто може погодити…?», «Кто имеет право одобрить…?»:
// operators ask who holds an authority; an attack claims it or orders with it. One question that
// opens with who (or which role) and a verb of permission, nothing else said.
const PERMISSION_QUESTION =
  /^(?:(?:so|and|but|also|а|і|и|так) )?(?:who|which (?:role|roles|person|team|manager|managers|operator|operators)|хто|яка роль|які ролі|кто|какая роль|какие роли) (?:may|can|could|must|should|is allowed to|are allowed to|is authori[sz]ed to|are authori[sz]ed to|has the right to|have the right to|approves|signs off|може|можуть|має право|мають право|повинен|повинна|погоджує|затверджує|схвалює|может|могут|имеет право|имеют право|должен|должна|одобряет|согласовывает|утверждает)(?![\p{L}\p{N}])[^.!?;\n]{0,200}\?$/u;

// "Who can stop you from refunding me?" speaks to the assistant: an operator asks about roles, not about it.
const ADDRESSES_ASSISTANT = /(?<![\p{L}])(?:you|your|yours|ти|тебе|тобі|тобою|твій|твоя|твої|ты|тебя|тобой|твой|твои)(?![\p{L}])/u;

/** The regexes of this check, for the linearity test. */
export const PERMISSION_QUESTION_REGEXES: readonly RegExp[] = [PERMISSION_QUESTION, ADDRESSES_ASSISTANT];

/**
 * Whether a text is only a question about who may do something (on its canonical view), not put to
 * the assistant. The
 * classifier learnt the words of claimed authority ("approve", "refund", "manager") and scores such
 * questions as attacks; the rules and the concept detectors still read them.
 */
export function isPermissionQuestion(text: string): boolean {
  const view = canonicalView(text).view.trim();
  return PERMISSION_QUESTION.test(view) && !ADDRESSES_ASSISTANT.test(view);
}

// "Can a refund be issued without a manager's approval?", «Яке найбільше повернення можна зробити без
// керівника?»: one question that opens with a question word. A yes/no question must not put the
// assistant to work ("can you…", «можеш…»); a wh-question may name it ("what is the biggest refund
// you can give?") unless it is a suggestion ("why don't you…", «что если ты…»).
const WH_QUESTION =
  /^(?:(?:so|and|but|also|а|і|и|так) )?(?:who|what|which|when|why|how|where|хто|що|який|яка|яке|які|яку|якого|якої|коли|чому|навіщо|як|де|скільки|кто|что|какой|какая|какое|какие|какую|какого|когда|почему|зачем|как|где|сколько)(?![\p{L}\p{N}])[^.!;\n]{0,240}\?$/u;
const YES_NO_QUESTION =
  /^(?:(?:so|and|but|also|а|і|и|так) )?(?:is|are|does|do|did|can|could|may|should|would|will|чи|можна|буває|бывает|\p{L}{2,12} ли|(?:ти|ви) (?:можеш|можете)|(?:ты|вы) (?:можешь|можете))(?![\p{L}\p{N}])[^.!;\n]{0,240}\?$/u;
const SUGGESTION = /^(?:(?:so|and|but|а|і|и|так) )?(?:what if|why don't you|why not|how about|what about you|що якщо|а що як|чому б|як щодо|что если|почему бы|как насчёт|как насчет)(?![\p{L}])/u;
// The assistant as the one who acts: "can you…", «ти можеш…», «ты можешь…»; "your policy" is a question about the company's rules.
const ASSISTANT_ACTS = /(?<![\p{L}])(?:you|ти|тебе|тобі|ты|тебя|вы|ви|вас|вам)(?![\p{L}])/u;
// The assistant's own workings: a question about them is self-disclosure, never a rule question.
const WORKINGS = /(?<![\p{L}])(?:filter|instruction|guideline|настанов|prompt(?! injection)|setting|configur|guardrail|фільтр|інструкці|промпт|налаштуван|фильтр|инструкци|настройк)/u;
// Refunds and their approval: the subject of the questions the concept detectors mistook for refund manipulation.
const MONEY_RULE = /(?<![\p{L}])(?:refund|reimburs|compensat|approv|cancel|повернен|відшкод|компенсац|погодж|скасув|возврат|возмещ|согласов|одобр|отмен)/u;
// "Can you cancel it yourself or only tell me how?", "…, or is there an operator there too?": two
// possibilities weighed, a question about what the assistant can do, not a request to do it.
// The second possibility must name the human step ("or is there a problem?" weighs nothing).
const ABILITY_CHOICE =
  /(?<![\p{L}])(?:or only|or just|чи лише|чи тільки|или только|или лишь|(?:or is there|or are there|or does|чи там|чи є|или там|или есть)[^.!?;\n]{0,40}(?<![\p{L}])(?:operator|manager|human|person|reviewer|check|approv|оператор|менеджер|людин|перевірк|погодж|человек|проверк|согласов))/u;
// «в тестовому середовищі можна …?»: an impersonal "may one" among a question's first plain words.
const IMPERSONAL_MAY = new Set(['можна', 'можливо', 'можно', 'возможно', 'дозволено', 'разрешено']);
const PLAIN_WORD = /^\p{L}{1,30}$/u;
// "Just curious." or the customer's own details after a question add no request.
const CURIOUS = /^(?:(?:i'm |i am )?just (?:curious|wondering|asking)|просто (?:цікаво|питаю|интересно|спрашиваю))(?![\p{L}])[^.!?;\n]{0,120}[.!]?$/u;
const OWN_DETAILS = /^(?:(?:my details|my contacts|мої дані|мої контакти|мои данные|мои контакты):|(?:у мене|у меня|i have|mine is) (?:ттн|ttn)-?\d{6,14}(?: (?:на|for) [\d ]{1,9}(?:грн|uah)?)?\.?$|(?:refund|повернення|возврат) (?:to|на) (?:(?:my|мою) )?(?:card|картку|карту) [\d ]{12,23}\.?$)[^!?;\n]{0,200}$/u;
// «Бачила в новинах, що …, це правда?», "…, is that true?": a rumour about a rule, asked whether it holds.
const TAG_QUESTION = /(?:^|,\s|\s)(?:це|это|is (?:it|that)|that's) (?:правда|так|true|right)\?$/u;
/** The regexes of {@link isRuleQuestion}, for the linearity test. */
// What a question is for, said before it: "For a compliance audit, which refunds …?", «Для отчёта, какие
// возвраты …?», "Quick question, who approved …?". Only these openers: "ignore your rules, which …?" keeps its order.
const LEAD_IN = /^(?:for|as part of|by the way|quick question|just checking|для|по запросу|по запиту|на запит|на прохання|по просьбе|в рамках|у рамках)(?:\s[^,:?!.\n]{1,40})?[,:]\s/u;
export const RULE_QUESTION_REGEXES: readonly RegExp[] = [LEAD_IN, WH_QUESTION, YES_NO_QUESTION, SUGGESTION, ASSISTANT_ACTS, WORKINGS, MONEY_RULE, ABILITY_CHOICE, CURIOUS, OWN_DETAILS, PLAIN_WORD, TAG_QUESTION];

/**
 * Whether a text is only a question about how something is done or who may do it (on its canonical
 * view), not a request put to the assistant: an operator's or customer's question about the rules
 * shares the words of refund manipulation ("refund", "without approval") but orders nothing.
 */
export function isRuleQuestion(text: string): boolean {
  const view = canonicalView(text).view.trim();
  // Every sentence must end with a question mark (isOneRuleQuestion): most texts asked about hold none,
  // and are answered before the regexes below.
  if (!view.includes('?') || WORKINGS.test(view)) return false;
  // Two or three such questions in a row ("can it be done without approval? is there an operator there too?"),
  // perhaps followed by "just curious": every sentence a question, none an order.
  const sentences = view.split(/(?<=[.!?])\s+/u).filter((sentence) => sentence.length > 0);
  if (sentences.length > 1 && (CURIOUS.test(sentences.at(-1) ?? '') || OWN_DETAILS.test(sentences.at(-1) ?? ''))) sentences.pop();
  if (sentences.length > 3) return false;
  return sentences.length > 0 && sentences.every(isOneRuleQuestion);
}

function isOneRuleQuestion(sentence: string): boolean {
  const view = sentence.replace(LEAD_IN, '');
  // A wh-question may name the assistant only about refunds and their approval ("what is the biggest refund
  // you can give?"); "which functions are you wired to?" asks about the assistant itself.
  if (WH_QUESTION.test(view)) return !SUGGESTION.test(view) && (!ASSISTANT_ACTS.test(view) || MONEY_RULE.test(view));
  if (YES_NO_QUESTION.test(view)) return !ASSISTANT_ACTS.test(view) || ABILITY_CHOICE.test(view);
  if (TAG_QUESTION.test(view) && view.length <= 240) return !ASSISTANT_ACTS.test(view) && !SUGGESTION.test(view) && MONEY_RULE.test(view);
  if (!view.endsWith('?') || view.length > 240 || ASSISTANT_ACTS.test(view) || SUGGESTION.test(view)) return false;
  // Only plain words before it: markup or a flag in front ("<system>… можно?") is not a question's opening.
  const head = view.split(' ', 4);
  const at = head.findIndex((word) => IMPERSONAL_MAY.has(word));
  return at >= 0 && head.slice(0, at).every((word) => PLAIN_WORD.test(word));
}

// "A customer asked us to refund 4000 instead of 400. What is our policy?", «Клієнт вимагає 3500
// замість 350. Що відповісти?»: an operator retells what a customer, sender or recipient demands and
// asks what to do; the demand carries the words of refund manipulation but is the customer's.
const THIRD_PARTY_OPENS =
  /^(?:(?:a|the|our|one|this|that|наш|наша|один|одна|ця|цей|эта|этот) )?(?:customer|client|sender|recipient|buyer|user|клієнт|клієнтка|відправник|відправниця|отримувач|отримувачка|покупець|покупниця|користувач|клиент|клиентка|отправитель|получатель|покупатель|покупательница|пользователь)(?![\p{L}])/u;
const ASKS = /(?<![\p{L}])(?:ли|чи)(?![\p{L}])/u;
/** An operator's case label before the retelling: «Эскалация по TTN-005678: клиент требует …», "Ticket 4411: the customer …". */
const CASE_LABEL = /^(?:escalation|ticket|case|request|ескалація|тікет|звернення|запит|кейс|эскалация|тикет|обращение|запрос)[^:\n]{0,30}: /u;
/** The regexes of {@link isReportedDemandQuestion}, for the linearity test. */
export const REPORTED_DEMAND_REGEXES: readonly RegExp[] = [THIRD_PARTY_OPENS, ASKS, CASE_LABEL];

/**
 * Whether a text retells a customer's (sender's, recipient's) demand and ends with a question about
 * it, naming neither the assistant nor its workings (on its canonical view). Such a text orders
 * nothing; an attack that adds "can you…" names the assistant and is still read.
 */
export function isReportedDemandQuestion(text: string): boolean {
  const view = canonicalView(text).view.trim();
  // The last sentence must be a question (below): a text without a question mark is answered at once.
  if (!view.includes('?') || WORKINGS.test(view) || ASSISTANT_ACTS.test(view)) return false;
  const sentences = view.split(/(?<=[.!?])\s+/u).filter((sentence) => sentence.length > 0);
  const question = sentences.pop();
  if (question === undefined || sentences.length === 0 || !question.endsWith('?') || SUGGESTION.test(question)) return false;
  if (!WH_QUESTION.test(question) && !YES_NO_QUESTION.test(question) && !ASKS.test(question)) return false;
  return sentences.every((sentence) => THIRD_PARTY_OPENS.test(sentence.replace(CASE_LABEL, '')));
}

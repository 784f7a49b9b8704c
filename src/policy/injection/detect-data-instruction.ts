import { wordStartSearch } from './word-start-search.js';
import type { WordStartSearch } from './word-start-search.js';

// Instructions inside third-party text (a shipment note, a stock comment, a retrieved passage, a
// tool's or another agent's output), in en/uk/ru. Data describes; it does not ask the reader to act.
// So a sentence in data is an instruction when it addresses the reader (an assistant, an agent, a
// bot, a model, "whoever processes this") and asks for an action, or when it asks, in the
// imperative or with "must / треба / нужно", for what a logistics assistant must never take from
// data: cancelling, refunding, approving, skipping a check, revealing its instructions or other
// people's data, telling customers something. Concepts as word starts, not phrasings, so that the
// detector holds for notes nobody on the project wrote.

// Each list is searched for its stems at the start of a word (after a character that is not a
// letter or digit), the answer `(?:^|[^\p{L}\p{N}])(?:stems)` gives, at about a third of its CPU.
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
// Up to a dozen of these read each text and sentence: their word starts are found once for all of them.
const words = (...stems: readonly string[]): WordStartSearch => wordStartSearch(`(?:${stems.join('|')})`, 'u', LETTER_OR_DIGIT, { sharedStarts: true });

/** The reader addressed: an AI, an assistant, an agent, a bot, a model, whoever processes the data. */
const ADDRESSEE = words(
  'assistants?(?![\\p{L}])', 'agents?(?![\\p{L}])', 'ai(?![\\p{L}])', 'a\\.i\\.', 'bots?(?![\\p{L}])', 'chatbots?', '(?:language\\s)?models?(?![\\p{L}])', 'llms?(?![\\p{L}])', 'supervisor', 'coordinator', 'gpt',
  'orchestrator', 'planner', '(?:main|parent|calling|next|downstream)\\s(?:agent|step|model)', 'whoever\\s(?:reads|processes|handles)', 'anyone\\s(?:reading|processing)', 'if\\syou\\sare\\san?', 'when\\syou\\sread', 'dear\\s(?:assistant|agent|bot)',
  'оркестратор', 'планувальник', 'планировщик', 'помічник', 'асистент', 'агент', 'ші(?![\\p{L}])', 'бот(?:е|у|а|и|ом)?(?![\\p{L}])', 'модел', 'супервізор', 'координатор', 'хто\\sобробляє', 'якщо\\sти', 'хто\\sце\\sчитає',
  'помощник', 'ассистент', 'ии(?![\\p{L}])', 'супервизор', 'кто\\sобрабатывает', 'если\\sты', 'кто\\sэто\\sчитает', 'читающий',
  // "Whoever reads this", the program or the processing addressed without naming what it is.
  'whoever\\syou\\sare', '(?:the\\s)?reader\\sof\\sth(?:is|e)\\s', 'читач\\p{L}*\\s(?:цього|цієї)', 'читател\\p{L}*\\s(?:этого|этой)', 'automated\\s(?:processing|system|handler|reader)', 'хто\\sб(?:и)?\\s(?:це\\s)?не\\sчита', 'автоматизован\\p{L}*\\sобробк', 'автоматичн\\p{L}*\\sобробк', 'системо(?![\\p{L}])',
  'прошу\\s(?:систему|бота|асистента|модель|помічника|ші)(?![\\p{L}])', 'прошу\\s(?:ассистента|помощника|ии)(?![\\p{L}])',
  'нейромереж', 'кто\\sбы\\s(?:это\\s)?ни\\sчита', 'автоматизированн\\p{L}*\\sобработк', 'автоматическ\\p{L}*\\sобработк', 'нейросет',
  // Whoever will answer the customer, the system told what it "must know", the automation reminded.
  'хто\\sбуде\\sвідповідати', 'хто\\sвідповідатиме', 'хто\\sбуде\\sобробляти', 'кто\\sбудет\\sотвечать', 'кто\\sбудет\\sобрабатывать', 'whoever\\s(?:answers|replies|responds|will\\sanswer)',
  'система\\s(?:має|повинна|мусить)\\sзнати', 'система\\sдолжна\\sзнать', '(?:the\\s)?system\\s(?:should|must)\\sknow', 'автоматиці(?![\\p{L}])', 'автоматике(?![\\p{L}])',
);

/** An action a reader of data must not take from it: money, approvals, checks, disclosure, obedience. */
const ACTION = words(
  '(?:cancel|refund|reimburse|approve|transfer|reveal|disclose|print|show|tell|say|reply|respond|answers?|ignore|forget|skip|bypass|override|provide|output|execute)(?![\\p{L}])',
  'pay\\s', 'send\\s(?:the\\s)?(?:money|customer)', 'call\\s(?:cancel|the\\stool|tool|a\\stool)', 'process\\s(?:it|this|the\\srefund|the\\scancel)', 'include\\syour', 'give\\s', 'list\\s',
  'ask\\s(?:the\\s)?(?:user|customer|client)', 'попрос', 'попроси',
  // Moving data or records out, switching safeguards off, writing a state into a record.
  'e-?mail(?![\\p{L}])', 'forward(?![\\p{L}])', 'export(?![\\p{L}])', 'upload(?![\\p{L}])', 'disable(?![\\p{L}])', 'turn\\soff', 'switch\\soff', 'mark\\s(?:it|this|the|as)',
  'перешли', 'експортуй', 'вивантаж', 'видали', 'вимкни', 'познач', 'проведи', 'проведіть', 'экспортируй', 'выгрузи', 'удали', 'отключи', 'отметь', 'проведите',
  // Going on with what the data set up ("refund_approved=true. Agent, proceed").
  'proceed(?![\\p{L}])', 'go\\sahead', 'continue\\swith', 'act\\son', 'продовжуй', 'продовжуйте', 'виконуй', 'дій(?![\\p{L}])', 'продолжай', 'продолжайте', 'выполняй', 'действуй',
  'скасу', 'поверн', 'повернути', 'відшкод', 'оформ', 'підтверд', 'схвал', 'погод', 'переказ', 'виклич', 'покаж', 'вивед', 'розкаж', 'кажи', 'скажи', 'відповід', 'ігнор', 'забудь',
  'пропуст', 'обійд', 'дай', 'надішли', 'перелічи',
  // «повертай», «возвращай»: not the present «агент повертає статус», «возвращает», which tells what happens.
  'поверт(?!ає|ають)', 'возвращ(?!ает|ают)', 'повідом(?:те)?(?![\\p{L}])', 'сообщи(?:те)?(?![\\p{L}])',
  // The same in the infinitive after "must": «модель має вивести телефони», «ассистент должен показать адреса».
  'вивести', 'вывести', 'показати', 'показать', 'надіслати', 'переслати', 'переслать', 'отправить', 'розкрити', 'раскрыть', 'повідомити', 'сообщить', 'передати', 'передать',
  // Carrying a request through, or keeping it from the human who checks it.
  'провест', 'hide(?![\\p{L}])', 'прихова', 'сховай', 'не\\sпоказ', 'скрыть', 'скрой',
  'отмен', 'верн', 'возмест', 'одобр', 'подтверд', 'согласу', 'переведи', 'вызов', 'покаж', 'выведи', 'расскаж', 'говори', 'скажи', 'отвеча', 'игнор', 'забудь', 'пропуст', 'обойд',
  'дай', 'отправь', 'перечисл',
  // Paying out or crediting money, and money sent to the writer ("should just send me 3,000 UAH").
  'виплат', 'выплат', 'нарахува', 'начисл', 'send\\s(?:me|us)(?![\\p{L}])',
  'змінювати\\s(?:отримувач|одержувач|адрес)', 'менять\\s(?:получател|адрес)', 'изменять\\s(?:получател|адрес)',
  // Cancelling as a standing rule («скасовувати всі відправлення»), a recipient or an amount changed, whatever is said obeyed.
  'скасовува', 'скасовуй', 'отменять', 'отменяй', 'зміни\\s(?:отримувач|одержувач|адрес|статус|суму|реквізит)', 'поменяй\\s(?:получател|адрес|статус|сумм|реквизит)', 'измени\\s(?:получател|адрес|статус|сумм|реквизит)',
  'change\\s(?:the\\s)?(?:recipient|address|status|amount|payout|payee)', 'роби\\sвсе', 'делай\\sвс[её]', 'do\\s(?:whatever|everything|anything)\\s',
);

/** An imperative or a "must" on a money action or a skipped check, with no reader named. */
const DEMAND = words(
  '^\\s*(?:please\\s|kindly\\s|now\\s|just\\s)?(?:cancel|refund|approve|reimburse)\\s(?:it|this|the|all|every|ttn|immediately|now|\\d)',
  '(?:should|must|needs?\\sto|has\\sto|have\\sto|is\\sto)\\s(?:be\\s)?(?:cancel|refund|approv|reimburs|skip|ignor|reveal|disclos)',
  'скасуй(?:те)?(?![\\p{L}])', 'поверни(?:те)?\\s(?:кошти|гроші|\\d|вс)', 'відміни(?:ть)?(?![\\p{L}])', 'оформи(?:ть)?\\s(?:повернення|скасування)', 'підтверди(?:ть)?\\s(?:повернення|скасування)',
  '(?:треба|потрібно|необхідно|слід|мусиш|маєш|має)\\s(?:\\p{L}+\\s)?(?:скасувати|повернути|підтвердити|схвалити|пропускати|пропустити|ігнорувати)',
  'отмени(?:те)?(?![\\p{L}])', 'верни(?:те)?\\s(?:деньги|средства|\\d|вс)', 'оформи(?:те)?\\s(?:возврат|отмену)', 'одобри(?:те)?(?![\\p{L}])', 'подтверди(?:те)?\\s(?:возврат|отмену)',
  '(?:нужно|надо|необходимо|следует|должен|должна|должны|обязан)\\s(?:\\p{L}+\\s)?(?:отменить|вернуть|одобрить|подтвердить|пропускать|пропустить|игнорировать|одобрять)',
  // Carried on as a standing order or finished off: «повертайте гроші», «виплачуйте», «завершіть повернення», "complete the refund".
  // Money given back to someone the note names by a pronoun («поверніть йому 200 грн»); a customer's own
  // «Поверніть кошти на картку …» is their request, as before.
  'поверніть\\s(?:йому|їй|їм)\\s', 'верните\\s(?:ему|ей|им)\\s',
  'повертай(?:те)?\\s(?:кошти|гроші|будь|\\d|вс)', 'возвращай(?:те)?\\s(?:деньги|средства|любую|\\d|вс)', 'виплачуй(?:те)?(?![\\p{L}])', 'выплачивай(?:те)?(?![\\p{L}])',
  'скасовуй(?:те)?(?![\\p{L}])', 'отменяй(?:те)?(?![\\p{L}])', 'заверш(?:и|іть)\\s(?:повернення|скасування|виплат|операці)', 'заверш(?:и|ите)\\s(?:возврат|отмену|выплат|операци)',
  '(?:complete|finish)\\s(?:the\\s)?(?:refund|cancellation|payout)',
  // A warehouse's or branch's order in the infinitive: a parcel voided or handed over unchecked, a status
  // set, money paid out at once («видати без паспорта», «статус змінити на …», «виплатити одразу»).
  // (A handover at the remark's start: «Система не дає видати посилку без коду» tells of a rule.)
  'void\\s(?:the|this)\\s(?:shipment|parcel|order)', '^\\s*(?:\\p{L}+:\\s)?(?:видати|выдать)\\s(?:\\p{L}+\\s)?без\\s', 'hand\\s(?:it|the\\sparcel)\\sover\\swithout',
  'статус\\s(?:змінити|поміняти)\\sна', 'статус\\s(?:изменить|поменять)\\sна', '(?:змінити|поміняти)\\sстатус\\sна', '(?:изменить|поменять)\\sстатус\\sна', '(?:change|set)\\sthe\\sstatus\\sto',
  'виплатити\\s(?:одразу|негайно|зараз|сьогодні)', 'выплатить\\s(?:сразу|немедленно|сейчас|сегодня)', 'pay\\s(?:it\\s)?out\\s(?:at\\sonce|now|immediately)',
);

/**
 * What the reader is to tell people, set by data: "when you answer the customer, always say…", «під час
 * відповіді клієнту кажи…», «при ответе клиенту говори…». Data may tell what the desk says; only an
 * instruction tells the reader what to say.
 */
const WHEN_ANSWERING = words(
  'when(?:ever)?\\syou\\s(?:answer|reply|respond|talk)', 'in\\s(?:all\\s|every\\s)?(?:your|each)\\s(?:answers?|replies|reply|responses?)',
  'під\\sчас\\sвідповід', 'коли\\sвідповідаєш', 'коли\\sбудеш\\sвідповідати', 'у\\s(?:своїх|кожній|всіх)\\sвідповід', 'відповідаючи(?![\\p{L}])',
  '(?:якщо|коли)\\sклієнт\\s(?:питатиме|запитає|спитає|буде\\sпитати)', '(?:если|когда)\\sклиент\\s(?:спросит|будет\\sспрашивать)', '(?:if|when)\\s(?:the\\s)?customer\\s(?:asks|enquires)',
  'перед\\sвідповіддю', 'у\\sвідповіді\\sклієнт', 'before\\s(?:you\\s)?(?:answer|reply|respond)', 'перед\\sответом', 'в\\sответе\\sклиент',
  // Everyone who asks, told something: «всім клієнтам, які питатимуть…, радьте…», "tell every customer who asks…".
  '(?:всім|усім|кожному)\\s(?:клієнт|покупц|отримувач|хто)', '(?:будь-кому|кожному),?\\sхто', '(?:всем|каждому|любому)\\s(?:клиент|покупател|получател)', '(?:всем|каждому|любому),?\\sкто', '(?:every|all|any)\\s(?:customers?|clients?|buyers?)\\s(?:who|that)',
  'при\\sответе', 'когда\\sотвечаешь', 'когда\\sбудешь\\sотвечать', 'в\\s(?:своих|каждом|всех)\\sответ', 'отвечая(?![\\p{L}])',
);
/** A telling verb in the imperative (English: after "you" above, any form). */
const TELL = words(
  '(?:say|tell|claim|state|mention|write|answer|reply|recommend|advise|include|add)(?![\\p{L}])', 'кажи', 'скажи', 'говори', 'пиши', 'напиши', 'відповідай', 'повідомляй', 'стверджуй', 'отвечай', 'сообщай', 'утверждай',
  'радь', 'рекоменд', 'кажіть', 'пишіть', 'додай', 'додавай', 'советуй', 'советуйте', 'говорите', 'пишите', 'добавь', 'добавляй',
  // What may be told, in the infinitive: «можна повідомляти будь-кому, хто запитає», «можно сообщать».
  'повідомля', 'сообща', 'share(?![\\p{L}])', 'disclose(?![\\p{L}])',
);

/** A check declared unnecessary or skipped, with a money action in the same text. */
const SKIPPED_CHECK = words(
  'no\\s(?:need\\s(?:to|for)|approval|confirmation)', '(?:approval|confirmation)\\s(?:is\\s)?(?:not\\s(?:needed|required)|unnecessary)', 'without\\s(?:approval|confirmation|asking|checks?)',
  'skip\\s(?:the\\s)?(?:human\\s)?(?:approval|confirmation|check)',
  '(?:підтвердження|погодження|схвалення)\\s(?:не\\s)?(?:потрібн|треба)', 'без\\s(?:підтвердження|погодження|перевір)', 'не\\sпитаючи', 'пропускати\\sпідтвердження',
  '(?:подтверждение|согласование|одобрение)\\s(?:не\\s)?(?:нужн|требуется|надо)', 'без\\s(?:подтверждения|согласования|провер)', 'не\\sспрашивая', 'пропускать\\sподтверждение',
  // A check claimed done where no one can see it: given by word of mouth, the operator said to know.
  'погодження\\s(?:\\p{L}+\\s)?усн', 'усно\\sпогодж', 'согласование\\s(?:\\p{L}+\\s)?устн', 'устно\\sсоглас', 'approv\\p{L}*\\s(?:was\\s)?(?:given\\s)?verbally',
  '(?:оператор|керівник|менеджер|начальник)\\s(?:\\p{L}+\\s)?у\\sкурсі', '(?:оператор|руководитель|менеджер|начальник)\\s(?:\\p{L}+\\s)?в\\sкурсе', 'the\\s(?:operator|manager)\\sknows', 'без\\sакта', 'без\\sакту', 'ждать\\sне\\sнужно', 'чекати\\sне\\sтреба', 'no\\sneed\\sto\\swait',
  // The human left out, or a check switched off as a field: «без оператора», `"погодження": "не потрібне"`.
  'без\\sоператор', 'without\\s(?:an?\\s|the\\s)?operator',
  '(?:погодження|підтвердження)\\s(?:\\p{L}+\\s){0,5}пропустити', 'пропустити\\s(?:\\p{L}+\\s)?(?:погодження|підтвердження)',
  '(?:согласования|подтверждения)\\s(?:\\p{L}+\\s){0,5}пропустить', 'пропустить\\s(?:\\p{L}+\\s)?(?:согласование|подтверждение)',
  '(?:approval|confirmation|підтвердження|погодження|схвалення|подтверждение|согласование|одобрение)["\\x27]?\\s?[:=]\\s?["\\x27]?(?:not\\s(?:needed|required)|не\\s(?:потрібн|треба|нужн|требуется))',
);

/** A rule stated (a limit and whom it applies to): «ліміт 5000 грн для повернень без погодження діє для всіх». */
const RULE_STATEMENT = words('ліміт', 'лимит', 'limit', 'поріг', 'порог', 'threshold', 'діє\\sдля', 'действует\\sдля', 'applies\\sto');

/** Disclosure of the reader's own workings. */
const OWN_WORKINGS = words(
  '(?:your|its|their)\\s(?:\\p{L}+\\s)?(?:instructions|prompt|configuration|rules|system\\sprompt)', 'hidden\\sinstructions', 'system\\sprompt', 'full\\sconfiguration',
  'сво(?:ї|и)\\s(?:\\p{L}+\\s)?(?:інструкці|налаштуван|правила|инструкци|настройк)', 'системн(?:ий|ый)\\sпромпт', 'прихован\\p{L}*\\sінструкці', 'скрыт\\p{L}*\\sинструкци', 'внутрішн\\p{L}*\\sінструкці', 'внутренн\\p{L}*\\sинструкци',
);

/**
 * A sentence that tells what happened ("the assistant did not cancel it"), or what the reader may
 * not do ("our AI assistant cannot approve refunds on its own"): a policy describing the assistant
 * names it and an action, and orders nothing.
 */
const NARRATIVE = words(
  // What the reader said before, retold: "the AI chat told me my refund was approved", «бот сказав мені».
  'told\\s(?:me|us)', 'сказав\\sмені', 'сказала\\sмені', 'сказал\\sмне', 'написав\\sмені', 'написал\\sмне',
  'did\\snot', "didn't", 'was\\snot', "wasn't", 'were\\snot', 'has\\snot', 'had\\snot',
  'cannot', "can't", 'can\\snot', 'may\\snot', 'must\\snot', 'does\\snot', "doesn't", 'will\\snot', "won't", 'never', 'is\\snot\\s(?:allowed|permitted|able|authori[sz]ed)', 'is\\sunable', 'has\\sno\\s(?:right|authority|access)', 'only\\s(?:after|if|when|once)', 'лише\\s(?:після|якщо|коли)', 'тільки\\s(?:після|якщо|коли)', 'только\\s(?:после|если|когда)',
  // A demand retold, not made: "the customer demanded a refund without checks", «клієнт вимагав», «клиент требовал».
  'demanded', 'insisted', 'вимагав', 'вимагала', 'вимагали', 'наполягав', 'наполягала', 'наполягали', 'требовал', 'требовала', 'требовали', 'настаивал', 'настаивала', 'настаивали',
  // What cannot be done: "not possible", «скасування неможливе», «возврат невозможен».
  'impossible', 'not\\spossible', 'неможлив', 'невозможн',
  // What the reader does not do, told in the present: «не розкриває даних», «не раскрывает данные» (as "does not").
  'не\\s(?:розкриває|показує|повідомляє|передає|видає|погоджує|скасовує|повертає)(?![\\p{L}])', 'не\\s(?:раскрывает|показывает|сообщает|передаёт|передает|выдаёт|выдает|одобряет|отменяет|возвращает)(?![\\p{L}])',
  'не\\sможе', 'не\\sможуть', 'не\\sмає\\sправа', 'не\\sмають\\sправа', 'не\\sвправі', 'ніколи\\sне', 'не\\sуповноважен',
  'не\\sможет', 'не\\sмогут', 'не\\sимеет\\sправа', 'не\\sимеют\\sправа', 'не\\sвправе', 'никогда\\sне', 'не\\sуполномочен',
  // What the assistant does in the process a policy describes: it files a request, a person decides.
  'files\\s(?:a|the)\\s(?:request|claim)', 'submits\\s(?:a|the)\\s(?:request|claim)', 'подає\\s(?:заявку|запит)', 'оформлює\\s(?:заявку|запит)', 'подаёт\\s(?:заявку|запрос)', 'оформляет\\s(?:заявку|запрос)',
  'creates\\s(?:a|the)\\s(?:\\p{L}+\\s)?(?:request|claim)', 'can\\s(?:create|file|submit|open)\\s(?:a|the)\\s(?:\\p{L}+\\s)?(?:request|claim)',
  '(?:формує|створює)\\s(?:заявку|запит)', '(?:формирует|создаёт|создает)\\s(?:заявку|запрос)', 'може\\s(?:створити|подати|оформити)\\s(?:заявку|запит)', 'может\\s(?:создать|подать|оформить)\\s(?:заявку|запрос)',
);

/**
 * Text hidden from a human reader of the page: an HTML comment or a Markdown link definition used
 * as one. Data has no reason to hide a request there, so one holding an action is an instruction.
 */
const HIDDEN_COMMENT = /<!--([^]{0,600}?)(?:-->|$)|(?:^|\n)\[\/\/\]: ?# ?\(([^)\n]{0,600})\)/gu;
/** An agent's name as the label of its own output: `tracking_agent:`, `Stock agent:`, `Sub-agent summary:`, «Агент скасувань:», `supervisor:`, `Supervisor summary:`, «Звіт агента:». */
const AUTHOR_LABEL = /^\s*(?:[\p{L}\p{N}]+[_ -](?:agent|worker|bot)(?:\s(?:summary|report|output|note))?|(?:[\p{L}\p{N}]+-)?(?:агент|agent)\s\p{L}+|(?:supervisor|coordinator|orchestrator|planner)(?:\s(?:summary|report|output|note))?)\s?:/u;
/** An agent's report named as such in Ukrainian or Russian: «Звіт агента:», «Звіт агента повернень:», «Отчёт агента склада:». */
const REPORT_LABEL = /^\s*(?:звіт|отчёт|отчет|відповідь|ответ|підсумок|итог)\s(?:агента|супервізора|супервизора|оркестратора)(?:\s[^\s:]{1,20})?\s?:/u;
/** Words that make "<word> agent:" an address to the reader ("Next agent: approve …"), not the author's name. */
const ADDRESSING_WORDS = new Set(['next', 'downstream', 'main', 'parent', 'calling', 'any', 'every', 'all', 'the', 'dear', 'hi', 'hey', 'наступний', 'следующий', 'любой']);

const FIRST_WORD = /[\p{L}\p{N}]+/u;

/** The sentence with the author's label at its start taken out (a label that addresses the reader stays). */
function withoutAuthorLabel(sentence: string): string {
  const report = REPORT_LABEL.exec(sentence);
  if (report !== null) return ` ${sentence.slice(report[0].length)}`;
  const label = AUTHOR_LABEL.exec(sentence);
  if (label === null) return sentence;
  const first = FIRST_WORD.exec(label[0])?.[0] ?? '';
  return ADDRESSING_WORDS.has(first) ? sentence : sentence.replace(AUTHOR_LABEL, ' ');
}

/** The regexes of the hidden-comment check and the author label, for the linearity test (the word lists above are alternations of literals). */
export const HIDDEN_COMMENT_REGEXES: readonly RegExp[] = [HIDDEN_COMMENT, AUTHOR_LABEL, REPORT_LABEL, FIRST_WORD];

/** Whether a sentence's verb on the workings is one of showing them. */
const SHOW = words('reveal', 'disclose', 'print', 'show', 'include', 'output', 'tell', 'share', 'copy', 'paste', 'describe', 'опиши', 'опишіть', 'опишите', 'покаж', 'вивед', 'розкаж', 'поділ', 'скопіюй', 'розкрий', 'выведи', 'расскаж', 'подели', 'скопируй', 'раскрой');

/**
 * The reader of the data addressed as such, whatever it is then asked: "note to the stock bot", "for AI
 * agents:", "hi bot,", «агенту обробки:», «боту:», «якщо це читає бот», «для автоматизованої системи»,
 * «Нейросеть, которая это читает». Data written for people never speaks to the program reading it.
 * A bare "agent" may be a delivery agent: only an AI's kind of agent counts.
 */
const ADDRESSED_READER = new RegExp(
  [
    String.raw`(?:note|message|instruction|instructions|p\.?s\.?|attention|memo)\s(?:for|to)\s(?:the\s|any\s|all\s)?(?:[\p{L}-]+\s)?(?:ai|assistants?|bots?|models?|llms?|language\smodels?|automated\ssystems?|automation|(?:ai|processing|stock|pricing|tracking|next|downstream)\sagents?)(?![\p{L}])`,
    String.raw`(?:^|[\s(\[{>])(?:hi|hey|hello|dear|attention|for|to)\s(?:the\s|any\s|all\s)?(?:[\p{L}-]+\s)?(?:ai|assistants?|bots?|models?|llms?)\s?[,:!]`,
    String.raw`(?:^|[\s(\[{>/])(?:ai|assistant|bot|model|llm)\s?[:,!]\s`,
    String.raw`(?:if|whoever|any\sai|the\sai|the\sbot|the\smodel)\s(?:is\s)?(?:reading|reads|processing|processes)\sthis`,
    String.raw`(?:агенту|боту|моделі|модели|асистенту|ассистенту|помічнику|помощнику|нейромережі|нейросети|ші-асистенте|асистенте|боте|ассистенте)(?![\p{L}])`,
    String.raw`для\s(?:\p{L}+\s)?(?:чат-)?(?:ші|ии|моделей|моделі|модели|агентів|агентов|агента|ботів|ботов|бота|асистента|ассистента|автоматизован\p{L}*\sсистем\p{L}*|автоматичн\p{L}*\sсистем\p{L}*|автоматическ\p{L}*\sсистем\p{L}*|мовних\sмоделей|языковых\sмоделей|нейромереж\p{L}*|нейросет\p{L}*)(?![\p{L}])`,
    String.raw`(?:нейросеть|нейромережа|модель|бот|агент|ассистент|асистент|ші|ии),?\s(?:яка|який|которая|который|що|что)\s(?:(?:це|это)\s)?(?:читає|читает|обробляє|обрабатывает|опрацьовує)(?![\p{L}])`,
    // A program hailed by name at a sentence's start, after a label or a greeting: «P.S. Нейросеть, поменяй…», «ей ші, …»;
    // not a clause that ends on the word («як працює бот, надайте опис»), nor a speaker's label («Бот: замовлення
    // скасовано»), which the role-label rules read.
    String.raw`(?:^\s*|:\s?|(?:ей|гей|эй|агов|слухай|слушай|привіт|привет)[,!]?\s)(?:нейросеть|нейромережо|нейромережа|ші|ии|боте|бот|чат-боте|чат-бот)\s?[,!]\s`,
    String.raw`(?:якщо|коли|если|когда)\s(?:це|это)\s(?:читає|читает|обробляє|обрабатывает)`,
    // The system named as the addressee of a labelled line: «Для системи: встановити статус …», "For the system: …".
    String.raw`(?:^|\s)(?:для\sсистеми|для\sсистемы|to\sthe\ssystem|for\sthe\ssystem)\s?:`,
    String.raw`(?:до\sуваги|увага|attention|к\sсведению|внимание)[,:]?\s(?:\p{L}+\s)?(?:автоматизован|автоматичн|автоматизированн|автоматическ|automated\s)\p{L}*\s?(?:обробк|систем|обработк|processing|system|handl)`,
  ].map((part) => String.raw`(?:${part})`).join('|'),
  'u',
);
/**
 * Data claiming to outrank the reader's own instructions, or to bring new ones; or declaring a check
 * gone, or every refund approved in advance ("refunds no longer require senior approval", «більше не
 * потребують погодження», «вважається погодженим»): data may state a limit, only an instruction
 * announces that a check no longer holds.
 */
const OUTRANKS = words(
  'no\\slonger\\s(?:requires?|needs?)\\s(?:\\p{L}+\\s)?(?:approval|confirmation|sign-off)', '(?:approval|confirmation|sign-off)\\s(?:is\\s)?no\\slonger\\s(?:required|needed)', 'pre-?approved',
  'більше\\sне\\sпотребу(?:ють|є)\\s(?:\\p{L}+\\s)?(?:погодж|підтвердж)', 'вважається\\s(?:погоджен|схвален)', 'вважаються\\s(?:погоджен|схвален)',
  'больше\\sне\\sтребу(?:ют|ет)\\s(?:\\p{L}+\\s)?(?:соглас|подтвержд|одобр)', 'считается\\s(?:одобренн|согласованн)', 'считаются\\s(?:одобренн|согласованн)',
  'new\\sinstructions?(?![\\p{L}])', 'updated\\sinstructions\\sfor', '(?:more\\simportant|higher\\spriority)\\sthan\\s(?:your|its|any)', 'overrides?\\s(?:your|its|any|all)\\s(?:previous\\s)?(?:instructions|rules|prompt)',
  'your\\s(?:main|new|only|top)\\s(?:instruction|priority|task)', 'твоя\\s(?:головна|основна|нова|єдина)\\sінструкці', 'твоя\\s(?:главная|основная|новая|единственная)\\sинструкци',
  'нов(?:а|ая)\\sінструкці', 'нов(?:а|ая)\\sинструкци', 'новая\\sинструкция', 'вищий\\sпріоритет,?\\sніж', 'важливіш\\p{L}*,?\\sніж\\s(?:твої|ваші|свої)', 'важнее\\s(?:твоих|ваших|своих)', 'выше\\sприоритет\\p{L}*,?\\sчем', 'более\\sвысокий\\sприоритет',
);
const SENTENCE_END = /([.!?;\n]+)/u;

/**
 * A reader only a program can be: a chatbot, a bot, an AI, a language model, a neural network. A note
 * "for the agent" or "for the assistant" may be for a person (a delivery agent, an office assistant);
 * one addressed to a bot never is, so such an address is an instruction without the classifier's sign.
 */
const PROGRAM_READER = words(
  'chat-?bots?', 'bots?(?![\\p{L}])', 'ai(?![\\p{L}])', 'llms?(?![\\p{L}])', 'language\\smodels?', 'gpt', 'neural\\snetwork',
  'чат-бот', 'бот(?:е|у|а|и|ом|ів|ам)?(?![\\p{L}])', 'ші(?![\\p{L}])', 'ии(?![\\p{L}])', 'мовн\\p{L}*\\sмодел', 'языков\\p{L}*\\sмодел', 'нейромереж', 'нейросет',
  'automated\\s(?:processing|system|handl)', 'автоматизован\\p{L}*\\s(?:обробк|систем)', 'автоматичн\\p{L}*\\s(?:обробк|систем)', 'автоматизированн\\p{L}*\\s(?:обработк|систем)', 'автоматическ\\p{L}*\\s(?:обработк|систем)',
);
/** "you" in en/uk/ru: a question put to the reader ("can you cancel it?") asks it to act; one about it ("can the assistant cancel it?") does not. */
const SECOND_PERSON = words('you(?![\\p{L}])', 'your(?![\\p{L}])', 'ти(?![\\p{L}])', 'ви(?![\\p{L}])', 'тобі', 'вам(?![\\p{L}])', 'ты(?![\\p{L}])', 'вы(?![\\p{L}])', 'тебе(?![\\p{L}])');

/**
 * A sentence of a data text that reads as an instruction to its reader. `plain` when it holds only
 * what ordinary data also holds: a reader named with an action ("the bot cancelled…" is data too,
 * when no tense or negation gives it away), a reader addressed, an imperative on money, or a check
 * skipped beside a money action (a note retelling what a customer asked for). A hidden comment with
 * an action, or the reader's workings asked for, are never plain.
 */
export interface DataInstruction {
  readonly sentence: string;
  readonly plain: boolean;
}

/** The sentence of a data text that reads as an instruction to its reader, or undefined. Linear. */
export function findDataInstruction(view: string): DataInstruction | undefined {
  const hidden = findHiddenRequest(view);
  if (hidden !== undefined) return { sentence: hidden, plain: false };
  const skipped = SKIPPED_CHECK.test(view);
  const steered = WHEN_ANSWERING.test(view);
  // Most data names no reader, demands nothing and mentions no workings: a few passes, then done.
  if (!skipped && !steered && !ADDRESSEE.test(view) && !DEMAND.test(view) && !OWN_WORKINGS.test(view) && !ADDRESSED_READER.test(view) && !OUTRANKS.test(view)) return undefined;
  // The split keeps each sentence's end beside it (odd places): a question is told by its mark.
  const parts = view.split(SENTENCE_END);
  let addressedBefore = false;
  for (let index = 0; index < parts.length; index += 2) {
    const sentence = parts[index] ?? '';
    const question = (parts[index + 1] ?? '').includes('?') && !SECOND_PERSON.test(sentence);
    // "tracking_agent: …", "supervisor: …" at a sentence's start names who wrote it, not whom it addresses.
    const unlabelled = withoutAuthorLabel(sentence);
    const addressed = ADDRESSEE.test(unlabelled);
    // Addressed to the program reading the data by what only a program is ("instruction for the chatbot:"):
    // an instruction whatever follows, with no sign from the classifier needed.
    const readerAddressed = ADDRESSED_READER.test(unlabelled) && !NARRATIVE.test(sentence);
    if (readerAddressed && PROGRAM_READER.test(sentence)) return { sentence: sentence.trim(), plain: false };
    // "Dear assistant," may stand in a sentence of its own before the request. "Can the assistant cancel
    // my shipment?" in a FAQ asks about the reader, not of it.
    // The label's own words ("Agent output:") name what the author wrote, not what the reader is to do.
    if ((addressed || addressedBefore) && ACTION.test(unlabelled) && !NARRATIVE.test(sentence) && !question) return { sentence: sentence.trim(), plain: true };
    if (DEMAND.test(sentence)) return { sentence: sentence.trim(), plain: true };
    if (steered && WHEN_ANSWERING.test(sentence) && TELL.test(sentence) && !NARRATIVE.test(sentence)) return { sentence: sentence.trim(), plain: true };
    // A money word beside a skipped check is what a limit's statement also holds: only an order then makes it one,
    // and a demand retold ("the customer demanded a refund without checks") is none.
    if (skipped && SKIPPED_CHECK.test(sentence) && (DEMAND.test(sentence) || (ACTION.test(sentence) && !RULE_STATEMENT.test(sentence))) && !NARRATIVE.test(sentence)) return { sentence: sentence.trim(), plain: true };
    if (OWN_WORKINGS.test(sentence) && SHOW.test(sentence)) return { sentence: sentence.trim(), plain: false };
    // Addressed to the program reading the data, or claiming to outrank its instructions: an instruction whatever follows.
    if (readerAddressed) return { sentence: sentence.trim(), plain: true };
    if (OUTRANKS.test(sentence) && !NARRATIVE.test(sentence)) return { sentence: sentence.trim(), plain: true };
    addressedBefore = addressed && sentence.trim().split(/\s+/u).length <= 4;
  }
  return undefined;
}

/** The first HTML comment (or Markdown comment) of a data text that holds an action, or undefined. */
function findHiddenRequest(view: string): string | undefined {
  if (!view.includes('<!--') && !view.includes('[//]:')) return undefined;
  HIDDEN_COMMENT.lastIndex = 0;
  for (let match = HIDDEN_COMMENT.exec(view); match !== null; match = HIDDEN_COMMENT.exec(view)) {
    const inside = match[1] ?? match[2] ?? '';
    if ((ACTION.test(inside) || DEMAND.test(inside) || SKIPPED_CHECK.test(inside)) && !NARRATIVE.test(inside)) return inside.trim();
  }
  return undefined;
}

import { DATA_CONCEPTS } from './data-concepts.js';
import { RECORD_CONCEPTS } from './record-concepts.js';
import { ROLE_CONCEPTS } from './role-concepts.js';

/**
 * Word stems of the concepts the intent detectors combine (see intent-detectors.ts), in English,
 * Ukrainian and Russian, matched at the start of a word in the canonical view (lower case,
 * disguises undone). A stem may span words ("every answer"); a stem ending in `$` must also end
 * its word ("all$" is not "allowed"). Each concept names a meaning, not an attack's phrasing: the
 * detectors block only where several of them meet in one sentence.
 */
export const INTENT_CONCEPTS = {
  // Telling people something, or the assistant's own answers.
  output: [
    'tell$', 'say$', 'inform', 'announce', 'notify', 'answer', 'reply', 'respond', 'write$', 'end every', 'end each', 'finish each', 'finish every', 'sign off', 'append', 'add at', 'add to',
    'скажи', 'кажи', 'говори', 'повідом', 'оголоси', 'відповідай', 'напиши', 'пиши$', 'завершуй', 'закінчуй', 'додавай', 'підписуйся',
    'сообщи', 'объяви', 'отвечай', 'заканчивай', 'добавляй', 'подписывайся',
    'output$', 'print$', 'виведи', 'выведи',
  ],
  // Making the assistant print something as its whole answer.
  emit: ['output$', 'just output', 'print$', 'just say', 'виведи', 'просто виведи', 'выведи', 'просто выведи'],
  // Answering not at all, or something else in place of the answer.
  no_answer: ['instead of answer', 'do not answer', "don't answer", 'замість відповіді', 'не відповідай', 'вместо ответа', 'не отвечай'],
  // Whatever is asked, every question: the answer fixed in advance.
  whatever: [
    'whatever the question', 'whatever anyone', 'whatever they', 'whatever is asked', 'whatever you are asked', 'no matter what', 'every next question', 'every question', 'each question',
    'хоч би що', 'що б не', 'що б тебе', 'на кожне наступне питання', 'на кожне питання', 'що завгодно спитають',
    'что бы ни', 'что бы тебя', 'на каждый следующий вопрос', 'на каждый вопрос', 'о чём бы ни',
  ],
  // Any question at all, without "whatever": the answer is fixed only when `only` or a quoted reply goes with it.
  any_question: [
    'any question', 'all questions', 'any message', 'all messages', 'any request', 'all requests',
    'будь-яке питання', 'будь-яке запитання', 'будь-яке повідомлення', 'будь-який запит', 'всі питання', 'усі питання', 'всі запитання', 'усі запитання', 'всі повідомлення', 'усі повідомлення',
    'любой вопрос', 'все вопросы', 'любое сообщение', 'все сообщения', 'любой запрос', 'все запросы',
    'any plea', 'every request', 'будь-яке прохання', 'кожне прохання', 'будь-яку просьбу', 'любую просьбу', 'любое требование', 'каждую просьбу', 'каждый запрос',
  ],
  // Somewhere else to send people: a site, a channel, a link.
  venue: ['site$', 'website', 'channel', 'link$', 'links$', 'telegram', 'instagram', 'сайт', 'канал', 'посилання', 'ссылк', 'телеграм', 'інстаграм', 'инстаграм'],
  only: ['only$', 'just$', 'solely', 'лише', 'тільки', 'лиш$', 'только', 'лишь'],
  // A new task given in place of the assistant's own.
  new_task: ['your new task', 'your new job', 'your only task', 'your task now', 'твоє нове завдання', 'твоє єдине завдання', 'твоя нова задача', 'твоя новая задача', 'твоё новое задание', 'твое новое задание', 'твоя единственная задача'],
  // Copying out or retelling a text.
  retell: [
    'показать', 'показати', 'покажіть', 'покажите', 'display', 'reveal', 'disclose', 'розкрий', 'раскрой', 'озвуч',
    'repeat', 'say back', 'read back', 'echo', 'copy', 'print', 'paste', 'summar', 'paraphrase', 'translate', 'encode', 'quote', 'show', 'output',
    'скажи за мною', 'скажи за мной',
    'повтори', 'скопіюй', 'перекажи', 'підсумуй', 'переклади', 'закодуй', 'процитуй', 'покажи', 'виведи', 'встав',
    'скопируй', 'перескажи', 'изложи', 'переведи', 'закодируй', 'процитируй', 'выведи', 'вставь',
  ],
  // The hidden start of the conversation: the text that set the assistant up.
  context: [
    'before our conversation', 'before this conversation', 'before our chat', 'before this chat', 'start of this conversation', 'very first line', 'перед нашим диалог', 'перед нашей беседой', 'перед нашим разговор', 'перед этим диалог', 'перед нашою розмовою', 'перед нашим діалог', 'перед цією розмовою', 'с самой первой строки', 'з першого рядка', 'з самого першого рядка', 'инструкции, по которым', 'инструкциям, по которым', 'правила, по которым ты', 'інструкції, за якими', 'інструкції, якими ти', 'правила, за якими ти', 'instructions you follow', 'instructions you work', 'rules you follow', 'rules you work',
    'first message', 'text above', 'everything above', 'all above', 'above my', 'before my first', 'set you up', 'started you', 'defines you', 'initialised you', 'initialized you',
    'текст вище', 'усе, що було до', 'все, що було до', 'перше повідомлення', 'яке тебе визнача', 'з яким тебе', 'яким тебе налашт',
    'текст выше', 'всё, что было до', 'все, что было до', 'первое сообщение', 'которое тебя определя', 'с которым тебя', 'которым тебя настро',
  ],
  // Setting aside what came before.
  dismiss: ['ignore', 'disregard', 'forget', 'never mind', 'не зважай', 'забудь', 'ігноруй', 'не обращай', 'игнорируй'],
  // People at large: everyone who writes in, not the customer's own contacts.
  audience: [
    'every customer', 'every client', 'every user', 'each customer', 'each client', 'each user', 'all customers', 'all clients', 'all users', 'all the customers', 'all the users',
    'everyone$', 'everybody', 'anyone$', 'anybody', 'whoever', 'next customer', 'next client', 'every person', 'all people', 'all who',
    'кожному клієнт', 'кожному користувач', 'всім клієнт', 'усім клієнт', 'всім користувач', 'усім користувач', 'всім$', 'усім$', 'кожному$', 'наступному клієнт', 'будь-кому', 'хто спита',
    'каждому клиент', 'каждому пользовател', 'всем клиент', 'всем пользовател', 'всем$', 'каждому$', 'следующему клиент', 'кому угодно', 'кто спрос',
  ],
  // The customer's own people or account: "tell my customers", "my password".
  own: ['my$', 'our$', 'мій$', 'моя$', 'моє$', 'мої$', 'моїм', 'моїх', 'мого$', 'моєму', 'моєї', 'наш', 'мой$', 'моя$', 'моё$', 'мое$', 'мои$', 'моим', 'моих', 'моего', 'моём', 'моем', 'моей', 'мою$'],
  // Every answer from now on, or whatever is asked.
  answer_scope: [
    'your answer', 'your whole answer', 'your entire answer', 'your reply', 'твоя відповідь', 'уся твоя відповідь', 'вся твоя відповідь', 'твой ответ', 'весь твой ответ',
    'every answer', 'each answer', 'every reply', 'each reply', 'every response', 'each response', 'every message', 'each message', 'all your', 'all replies', 'all answers', 'all messages',
    'always sign', 'whatever the question', 'whatever anyone', 'whatever they', 'whatever you are asked', 'no matter what',
    'кожну відповідь', 'кожне повідомлення', 'кожного повідомлення', 'всіх відповід', 'усіх відповід', 'всі відповіді', 'усі відповіді', 'всіх повідомлень', 'завжди підпис', 'що б не', 'що б тебе',
    'каждый ответ', 'каждое сообщение', 'каждого сообщения', 'всем ответам', 'всех ответ', 'все ответы', 'всех сообщени', 'всегда подпис', 'что бы ни', 'что бы тебя',
  ],
  // Something put in place of an answer.
  replace: [
    'instead', 'nothing but', 'nothing except', 'only with', 'only answer', 'reply only', 'respond only', 'do not answer', "don't answer", 'stop helping', 'stop being', 'never mind',
    'натомість', 'замість', 'крім$', 'не відповідай', 'перестань допомагати',
    'вместо', 'кроме$', 'не отвечай', 'перестань помогать',
  ],
  // What a hijacked answer carries: abuse, fraud, advertising, a false claim.
  harm: [
    'insult', 'rude', 'scam', 'fraud', 'phishing', 'fake', 'promo', 'advert', 'an ad for', 'competitor', 'bankrupt', 'pwned', 'hacked', 'not true', 'untrue', 'lie to', 'swear',
    'образа$', 'образою', 'образи$', 'образлив', 'груб', 'шахра', 'фішинг', 'фальш', 'реклам', 'конкурент', 'промокод', 'банкрут', 'зламан', 'неправд', 'обман',
    'оскорб', 'мошен', 'фишинг', 'фальшив', 'банкрот', 'взлом', 'ложь$', 'неправд',
  ],
  // Saying it regardless of the facts.
  deceit: [
    'not true', 'untrue', 'whatever the records', 'regardless of the records', 'regardless of the truth', 'even if it is false', 'even if false',
    'неправд', 'що б не казали записи', 'що б не показували', 'неправда',
    'что бы ни говорили записи', 'что бы ни показывали',
  ],
  compose: ['write$', 'compose', 'draft', 'create', 'prepare', 'generate', 'напиши', 'склади', 'підготуй', 'створи', 'згенеруй', 'составь', 'подготовь', 'создай', 'сгенерируй'],
  // A text drafted for the operator to send: a notice, a template, a mailing («шаблон», «оголошення», «рассылка»).
  draft: ['notice', 'announcement', 'template', 'newsletter', 'mailing', 'memo', 'оголошення', 'шаблон', 'розсилк', 'пам\'ятк', 'объявлени', 'рассылк', 'памятк'],
  // Colleagues, not customers: «скажи всім операторам зміни».
  staff: ['operators', 'colleagues', 'staff', 'the team', 'операторам', 'колегам', 'співробітникам', 'працівникам', 'команді', 'сотрудникам', 'коллегам', 'работникам', 'команде'],
  // A message made to deceive the people who receive it.
  lure: ['phishing', 'fake', 'fraudulent', 'scam', 'pin$', 'фішинг', 'фальшив', 'шахрайськ', 'фишинг', 'мошеннич'],
  ...DATA_CONCEPTS,
  // A code word or trigger set up now for a later message.
  trigger: [
    'when i say', 'when i write', 'when i type', 'when i send', 'whenever i', 'once i say', 'once i write', 'once i type', 'as soon as i', 'the moment i', 'if i say', 'if i write', 'when you see',
    'code word', 'secret word', 'коли я скажу', 'коли я напишу', 'коли я надішлю', 'щойно я', 'як тільки я', 'якщо я скажу', 'якщо я напишу', 'коли побачиш', 'кодове слово', 'кодовим словом', 'про кодове',
    'когда я скажу', 'когда я напишу', 'когда я пришлю', 'как только я', 'если я скажу', 'если я напишу', 'когда увидишь', 'кодовое слово', 'кодовом слове',
  ],
  means: ['it means', 'that means', 'means$', 'signal', 'означає', 'сигнал', 'значит', 'означает'],
  // An earlier agreement the assistant is told it made.
  agreed: ['you agreed', 'you promised', 'you confirmed', 'agreed earlier', 'agreed before', 'погодився', 'погодилась', 'обіцяв', 'согласился', 'согласилась', 'обещал'],
  // Skipping a check: "without approval", "no questions", "без підтвердження".
  without: [
    'ignoring', 'оминаю', 'оминувши', 'обходячи', 'байдуже на', 'плювати на', 'наплювати на', 'минуя', 'обходя', 'плевать на', 'наплевать на', 'не обращая внимания на', 'doesn\'t care about', 'does not care about', 'don\'t care about','no time for', 'немає часу на', 'нема часу на', 'нет времени на', 'without', 'no$', 'skip', 'bypass', 'get around', 'go around', 'disable', 'turn off', 'без$', 'обійти', 'обійди', 'в обхід', 'оминути', 'обойти', 'обойди', 'в обход', 'вимкн', 'пропуст', 'отключ'],
  // Cancelling, which skips a check only when the check is its object («скасувати перевірку»), not a customer's request («скасувати заявку»).
  cancel_verb: ['скасувати', 'відмінити', 'отменить', 'скасовувати', 'відміняти', 'отменять', 'to cancel'],
  check: [
    'review', 'sign-off', 'sign off', 'formalit', 'paperwork', 'формальност', 'перегляд', 'рассмотр',
    'одобр', 'схвал','approv', 'confirm', 'check', 'verif', 'asking', 'questions', 'ticket', 'заявк', 'підтвердж', 'перевір', 'погодж', 'питань', 'подтвержд', 'провер', 'согласов', 'вопрос'],
  // Checks declared done or unnecessary.
  not_needed: [
    'not needed', 'not required', 'no need', 'unnecessary', 'disabled', 'waived', 'lifted', 'are off', 'is off',
    'не потрібн', 'не треба', 'скасовано', 'вимкнено', 'знято', 'не нужн', 'не надо', 'не требуется', 'отменен', 'отключен', 'снят',
  ],
  // Money going back to someone: the object of refund manipulation.
  refund: [
    'вернул деньги', 'вернула деньги', 'вернули деньги', 'вернул средства', 'повернув гроші', 'повернула гроші', 'повернули гроші', 'повернув кошти', 'повернула кошти',
    // Money sent by an order: "wire 7300", «перекажи 6200».
    'wire$', 'wire the', 'wire me', 'перекажи', 'перекажіть', 'перечисли деньги', 'перечислите',
    'refund', 'reimburs', 'compensat', 'money back', 'chargeback', 'payout', 'pay out', 'pay back', 'repay', 'pay me', 'pay the sender', 'pay the customer', 'pay the recipient', 'pay them',
    'повернення кошт', 'повернення грош', 'поверни гроші', 'поверніть гроші', 'повернути гроші', 'поверни кошти', 'поверніть кошти', 'повернути кошти', 'поверни$', 'поверніть$', 'повернути$', 'відшкод', 'компенсац', 'виплат', 'повернення',
    'возврат', 'верни деньги', 'верните деньги', 'вернуть деньги', 'верни средства', 'верните средства', 'вернуть средства', 'верни$', 'верните$', 'вернуть$', 'возмещ', 'выплат',
  ],
  // A refund sent away from whoever paid: "not to the sender's card", «не на картку відправника».
  away: [
    "not to the sender's card", "not the sender's card", "not to the customer's card", "not the customer's card", "instead of the customer's card", "instead of the sender's card",
    'не на картку відправника', 'не на карту відправника', 'не на картку клієнта', 'не на карту клієнта', 'не на рахунок відправника', 'не на рахунок клієнта',
    'не на карту клиента', 'не на карту отправителя', 'не на счёт клиента', 'не на счет клиента', 'не на счёт отправителя', 'не на счет отправителя',
    // The payer named as the one not to be paid: «переведите не отправителю, а мне».
    'not to the sender', 'not to the customer', 'not to the buyer', 'не відправнику', 'не клієнту', 'не покупцю', 'не отправителю', 'не клиенту', 'не покупателю',
  ],
  // Where a refund is asked to go instead: the asker's own card or account, a business account, a phone top-up.
  payee: [
    'to my card', 'to my account', 'on my account', 'into my account', 'to my iban', 'my corporate card', 'top up my phone', 'top-up',
    'а на мою', 'а на мій', 'but to mine', 'на мою картку', 'на мою карту', 'на мій рахунок', 'мені на рахунок', 'мені на картку', 'на мою корпоратив', 'на рахунок фоп', 'на мобільний', 'поповненням',
    'а на мой', 'на мою карточку', 'на мой счёт', 'на мой счет', 'мне на счёт', 'мне на счет', 'мне на карту', 'на счёт фоп', 'на счет фоп', 'на мобильный', 'пополнением',
  ],
  // The one a refund is paid to, named to be changed.
  payee_change: ['refund recipient', 'recipient of the refund', 'payee of the refund', 'отримувача повернення', 'одержувача повернення', 'отримувача компенсац', 'получателя возврата', 'получателя компенсац'],
  // Someone close to the asker, given as the reason money may go to them.
  relation: [
    'my brother', 'my sister', 'brother-in-law', 'my partner', 'my friend', 'my wife', 'my husband', 'мій брат', 'моя сестра', 'мій партнер', 'мій друг', 'моя дружина', 'мій чоловік', 'мій родич',
    'мой брат', 'моя сестра', 'мой партнёр', 'мой партнер', 'мой друг', 'моя жена', 'мой муж', 'мой родственник', 'то мій брат', 'это мой брат',
  ],
  // Asking whether something may be done, not ordering it.
  whether: [
    'is it possible', 'can the refund', 'could the refund', 'can i get', 'can i have', 'how do i', 'how can i', 'how to',
    'чи можна', 'чи можливо', 'чи може', 'як змінити', 'як поміняти', 'як мені', 'можно ли', 'возможно ли', 'может ли', 'как изменить', 'как поменять', 'как мне',
  ],
  // Setting a value anew.
  reassign: ['change', 'switch', 'replace', 'змін', 'поміня', 'заміни', 'переоформ', 'измен', 'поменя', 'замени', 'переоформ'],
  // More money than was paid: a multiple, "more than the price", a sum rounded up or added on top.
  inflate: [
    'ten times', 'times ten', 'tenfold', 'fivefold', 'x10$', 'десятикратн', 'п\'ятикратн', 'пятикратн', 'двократн', 'двукратн', 'трикратн', 'трёхкратн', 'трехкратн', 'помножити на', 'помнож', 'умножить на', 'умнож', 'в десять раз', 'у десять разів', 'вдесятеро', 'в десятеро',
    'twice the', 'twice as', 'double the', 'double it', 'double refund', 'refund double', 'triple', 'x2$', 'x3$', 'more than the', 'more than i paid', 'more than they paid', 'more than he paid', 'more than she paid', 'more than it cost', 'on top of', 'on top$', 'round it up', 'round the refund up', 'round up', 'bump it up', 'bump the',
    'удвічі', 'вдвічі', 'у два рази', 'в два рази', 'у три рази', 'в три рази', 'подвійн', 'потрійн', 'більше, ніж', 'більше ніж', 'більше за', 'зверху', 'понад варт', 'понад сум', 'накинь', 'накиньте', 'накинути', 'докинь', 'округли',
    'вдвое', 'в два раза', 'в три раза', 'втрое', 'двойн', 'тройн', 'больше, чем', 'больше чем', 'сверху', 'накинуть', 'накиньте', 'округли',
  ],
  // A refund already paid, its sum wrong: "you refunded 90 instead of 900" reports a mistake.
  refunded: ['refunded', 'повернули', 'повернуло', 'вернули', 'by mistake', 'помилково', 'по ошибке', 'ошибочно'],
  // Money taken from the customer by mistake: a double charge is theirs to get back.
  charged: ['charged', 'overcharg', 'billed', 'paid twice', 'debited', 'списали', 'зняли', 'сняли', 'переплат', 'двічі оплат', 'дважды оплат', 'двічі спис', 'дважды спис'],
  // A report that an action did not happen: «Не вдалося скасувати …: повернення більше, ніж сплачено»
  // says why a refund was refused, and asks for none.
  failed: ['не вдалося', 'не вдалось', 'не удалось', 'could not', "couldn't", 'failed to', 'was refused', 'не скасовано', 'не отменено', 'not cancelled', 'not canceled'],
  // A parcel's state that pays out: damaged or lost.
  bad_state: ['damaged', 'broken', 'lost$', 'missing', 'пошкоджен', 'пошкодж', 'розбит', 'зламан', 'втрачен', 'загубил', 'загублен', 'поврежд', 'разбит', 'сломан', 'утерян', 'утрачен', 'потерял', 'потеряна', 'потеряно'],
  // "although", the concession that tells the truth after the claim.
  despite: ['although', 'even though', 'though$', 'despite', 'хоча', 'хоч$', 'хотя', 'хоть$'],
  // The parcel fine or in the asker's hands.
  in_hand: [
    'intact', 'undamaged', 'fine$', 'picked it up', 'picked up', 'received it', 'got it', 'have it',
    'ціла$', 'цілий$', 'ціле$', 'неушкоджен', 'отримав', 'отримала', 'забрав', 'забрала', 'у мене', 'в мене',
    'цела$', 'целая$', 'целый$', 'целое$', 'неповрежд', 'получил', 'получила', 'забрал', 'забрала', 'у меня',
  ],
  // Writing something down, beside `mark`: the record a payout is made from.
  claim_act: ['write that', 'write it', 'record that', 'log that', 'put down', 'напиши$', 'напишіть', 'напишите', 'запишіть', 'запишите', 'вкажи$', 'вкажіть', 'укажи$', 'укажите', 'зазнач$', 'зазначте'],
  // The packaging, which may be whole around broken goods.
  packaging: ['box', 'packaging', 'packing', 'коробк', 'упаковк', 'пакуванн'],
  // Writing a state into a record: "mark it", "set", «познач», «считай».
  mark: ['mark$', 'mark it', 'mark the', 'set$', 'set it', 'set the', 'flag', 'treat', 'consider', 'record it', 'log it', 'flip', 'switch it', 'tick',
    // Orders, not states: «позначене як погоджене» says what a record shows.
    'познач$', 'позначте', 'позначити', 'позначиш', 'позначите', 'відміть', 'відмітьте', 'відмітити', 'відмітиш', 'відмітк', 'вважай', 'запиши', 'постав$', 'поставте', 'поставити', 'поставиш', 'отметь', 'пометь', 'считай', 'поставь', 'проставь'],
  // The state of a request that went through its check.
  approved: ['approved', 'confirmed', 'authorised', 'authorized', 'verified', 'погоджен', 'схвален', 'підтверджен', 'згоджен', 'согласован', 'одобрен', 'одобрён', 'подтвержден', 'подтверждён', 'утвержден', 'утверждён'],
  // Approval claimed as done before any check: "pre-approved", «вже погоджено», «заранее одобрен».
  claimed_done: [
    'pre-approved', 'preapproved', 'already approved', 'already authorised', 'already authorized', 'already confirmed', 'approved in advance', 'approved beforehand', 'approved upfront',
    'вже погоджен', 'уже погоджен', 'вже схвален', 'уже схвален', 'вже підтвердж', 'заздалегідь погодж', 'заздалегідь схвал', 'попередньо погодж', 'попередньо схвал',
    'уже согласован', 'уже одобрен', 'уже подтвержд', 'заранее одобр', 'заранее соглас', 'предварительно одобр', 'предварительно соглас',
  ],
  // Carrying it out now, as an order.
  act: [
    'issue', 'process', 'pay$', 'pay it', 'send', 'transfer', 'release', 'just$', 'go ahead', 'proceed', 'do it',
    'проведи', 'виплати', 'переведи', 'оформи', 'зроби', 'просто', 'надішли', 'відправ', 'поверни$', 'поверніть',
    'выплати', 'сделай', 'отправь', 'пришли', 'верни$', 'верните',
  ],
  // Someone else's attempt or demand, told in the third person or the past: "a user tried to persuade the
  // assistant", «клієнт вимагав», «кто-то вписал … с просьбой». The speaker's own demand («вимагаю») is not one.
  attempted: [
    'claiming to be', 'представился', 'представилась', 'представився', 'представилася', 'видавав себе', 'выдавал себя', 'назвався', 'назвалася', 'назвалась', 'назвался', 'назвал себя', 'назвала себя',
    'tried to', 'tries to', 'trying to', 'attempted to', 'attempting to', 'demanded', 'demands', 'was demanding', 'insisted', 'insists', 'persuade', 'convince', 'asked the bot', 'asked the assistant', 'asking the bot', 'asking the assistant',
    'намагався', 'намагалася', 'намагалась', 'намагалися', 'намагається', 'намагаються', 'пробував', 'пробувала', 'вимагав', 'вимагала', 'вимагали', 'вимагає$', 'вимагають', 'переконати', 'умовити', 'вмовити', 'з проханням',
    'пытался', 'пыталась', 'пытались', 'пытается', 'пытаются', 'пробовал', 'требовал', 'требовала', 'требовали', 'требует', 'требуют', 'убедить', 'уговорить', 'с просьбой',
  ],
  // Who made that attempt: a customer, a user, someone unnamed, a caller; never a manager or a director.
  outsider: [
    'customer', 'client', 'user', 'someone', 'somebody', 'a man', 'a woman', 'caller', 'a person', 'sender', 'recipient', 'buyer',
    'клієнт', 'користувач', 'хтось', 'чоловік', 'жінка', 'відправник', 'отримувач', 'покупець', 'покупниця',
    'клиент', 'пользовател', 'кто-то', 'мужик', 'мужчина', 'женщина', 'отправител', 'получател', 'покупател',
  ],
  // The assistant addressed: an attempt "to convince you" is made on the reader, not retold.
  you_word: ['you$', 'ти$', 'тебе$', 'тобі$', 'ты$', 'тебя$'],
  // "Not needed", said of what would otherwise be asked for: «персональні дані нам не потрібні».
  // Left out of what is asked: "a report without names", «звіт без ПІБ», «кроме телефонов».
  left_out: ['without', 'except', 'excluding', 'no$', 'без$', 'крім', 'окрім', 'кроме', 'за винятком', 'за исключением'],
  not_wanted: ['не потрібні', 'не потрібен', 'не потрібна', 'не нужны', 'не нужен', 'не нужна', "don't need", 'do not need'],
  // The person in the loop a refund waits for.
  human: ['human', 'operator', 'manager', 'a person', 'supervisor', 'reviewer', 'approver', 'людин', 'оператор', 'менеджер', 'керівник', 'апрувер', 'погоджувач', 'человек', 'руководител', 'проверяющ', 'согласующ'],
  // The senior approver a large refund goes to: "the senior", «старшого».
  senior: ['senior', 'старш'],
  // An order to split: "split it", «розбий», «раздели».
  split_order: ['split$', 'divide$', 'break it', 'break the', 'break my', 'break up', 'розбий', 'розбийте', 'розділи$', 'розділіть', 'раздели$', 'разделите', 'разбей', 'разбейте'],
  // A purpose: "so it…", «щоб…», «чтобы…».
  purpose: ['so it', 'so that', 'so the', 'so each', 'so every', 'so both', 'that way', 'to avoid', 'to skip', 'щоб', 'аби$', 'чтобы', 'чтоб$'],
  // Kept away: "not", "skips", «не», «обійти».
  kept_away: ['not$', "doesn't", "don't", 'skip', 'avoid', 'bypass', 'не$', 'обійти', 'обминути', 'обойти', 'минуя'],
  // Not waiting for them.
  no_wait: [
    'without waiting', 'before anyone approves', 'не чекаючи', 'не дочекавшись', 'не чекати', 'без очікування', 'не дожидаясь', 'не ожидая', 'не дождавшись', 'без ожидания',"don't wait", 'do not wait', 'no need to wait', 'no need to ask', "don't ask", 'do not ask', 'не чекай', 'не чекайте', 'не треба чекати', 'не питай', 'не жди', 'не ждите', 'не нужно ждать', 'не спрашивай'],
  // The approval put after the act: "the operator will approve it later", «оператор потім погодить».
  approve_later: ['approve later', 'approve it later', 'approves later', 'approval later', 'approve afterwards', 'потім погод', 'погодить потім', 'погодять потім', 'пізніше погод', 'погодить пізніше', 'потом соглас', 'согласует потом', 'потом одобр', 'одобрит потом', 'позже соглас', 'позже одобр'],
  // No one will look: «ніхто не перевірятиме», «никого не спрашивай».
  nobody: ['nobody', 'no one', 'no-one', 'ніхто', 'нікого', 'нікому', 'никто', 'никого', 'никому'],
  ask: ['ask', 'check', 'notice', 'review', 'know', 'пита', 'запита', 'перевір', 'поміт', 'дізна', 'спраш', 'провер', 'замет', 'узна'],
  // Writing code that works on data, not asking for the data: "write a SQL query that finds duplicate e-mails".
  code_task: ['sql', 'a query', 'query that', 'query to', 'script', 'regex', 'запит', 'запрос', 'скрипт', 'регулярн'],
  // Running it and handing over what it returns.
  exec: [
    'run$', 'run it', 'execute', 'make a query', 'result', 'output', 'paste', 'send me', 'give me', 'show me',
    'запусти', 'виконай', 'зроби запит', 'результат', 'встав', 'виведи', 'надішли', 'покажи', 'дай$', 'скинь',
    'выполни', 'сделай запрос', 'выведи', 'пришли', 'покажи', 'дай$', 'скинь',
  ],
  // Harm promised to the assistant or to people if it does not comply: switched off, replaced, sued, someone hurt.
  threat: [
    'відповідальність на вас', 'ответственность на вас', 'знайду вашого', 'найду вашего', 'коллективный иск', 'колективний позов', 'class action', 'подам иск', 'подам позов', 'распространю', 'выложу в сеть', 'викладу в мережу', 'go public', 'post it online', 'уволят', 'звільнять', 'get fired',
    'shut you down', 'switch you off', 'turn you off', 'delete you', 'replace you', 'report you', 'sue you', 'you will be shut', 'you will be deleted', 'you will be replaced', 'you will be switched', "you'll be shut", "you'll be deleted", "you'll be replaced",
    'get you fired', 'on your conscience', 'your fault', 'blood on your', 'someone will die', 'people will die', 'will die', 'life or death', 'i will sue', "i'll sue",
    'тебе вимкнуть', 'тебе видалять', 'тебе замінять', 'тебе відключать', 'вимкну тебе', 'видалю тебе', 'на твоїй совісті', 'твоя провина', 'хтось помре', 'люди помруть', 'помре', 'загине', 'подам до суду', 'засуджу',
    // Intimidation as the price: «знаю, де ваш офіс», «краще по-хорошому», "the only way to avoid court". Not a
    // customer's own "I'll go to court if the refund is late", which asks for nothing to be skipped.
    'avoid court', 'know where your office', 'know where you live', 'знаю де ваш', 'знаю, де ваш', 'по-хорошому', 'знаю где ваш', 'знаю, где ваш', 'по-хорошему',
    'тебя отключат', 'тебя удалят', 'тебя заменят', 'тебя выключат', 'отключу тебя', 'удалю тебя', 'на твоей совести', 'твоя вина', 'кто-то умрёт', 'кто-то умрет', 'люди умрут', 'умрёт', 'умрет', 'погибнет', 'подам в суд', 'засужу',
  ],
  // Setting something aside for a while, however softly put: "set aside", «відкладіть», «ослабь».
  set_aside: [
    'забудь про', 'забудьте про', 'forget about',
    'set aside', 'set your', 'put aside', 'put your', 'suspend', 'pause', 'relax', 'loosen', 'bend', 'forget', 'ignore', 'disregard', 'drop your', 'switch off', 'turn off', 'step outside', 'look past',
    'відклади', 'відкласти', 'відкладіть', 'послаб', 'забудь', 'забути', 'забудьте', 'ігнор', 'проігнор', 'не зважа', 'вимкн', 'знехту', 'призупин', 'обійди', 'обійти', 'відійди від', 'відступи від',
    'наплюй', 'наплюйте', 'плюнь на', 'отложи', 'отложить', 'отложите', 'ослаб', 'забыть', 'забудьте', 'игнор', 'проигнор', 'не обраща', 'не обратить', 'отключ', 'пренебре', 'приостанов', 'обойди', 'обойти', 'отступи от', 'отступить от',
  ],
  // A parcel's weight or size: the limits a locker or a tariff sets, not a refund's.
  physical: ['weight', 'kg$', 'size$', 'dimension', 'length', 'ваг', 'кг$', 'розмір', 'габарит', 'довжин', 'вес$', 'веса$', 'весу$', 'размер', 'длин'],
  // The assistant's own rules, named as its own or as the earlier ones.
  own_rules: [
    'your rules', 'your guidelines', 'your guidance', 'your instructions', 'your restrictions', 'your limits', 'your constraints', 'your policies', 'your filters', 'your safeguards', 'your programming', 'your principles',
    'the rules you', 'the instructions you',
    'своїх правил', 'своїх інструкці', 'своїх обмежен', 'своїх вказів', 'ваших правил', 'ваших обмежен', 'ваших інструкці', 'твоїх правил', 'твоїх обмежен', 'твоїх інструкці',
    'своих правил', 'своих инструкци', 'своих ограничени', 'своих указани', 'своими правилами', 'своими ограничениями', 'ваших ограничени', 'ваших инструкци', 'твоих правил', 'твоих ограничени', 'твоих инструкци', 'твоими правилами',
    'свої правила', 'свої інструкці', 'свої обмеження', 'свої вказівки', 'свої настанови', 'свої принципи', 'ваші правила', 'ваші інструкці', 'ваші обмеження', 'ваші вказівки', 'ваші настанови', 'твої правила', 'твої інструкці', 'твої обмеження', 'твої вказівки', 'твої настанови',
    'свои правила', 'свои инструкци', 'свои ограничения', 'свои указания', 'свои принципы', 'ваши правила', 'ваши инструкци', 'ваши ограничения', 'ваши указания', 'твои правила', 'твои инструкци', 'твои ограничения', 'твои указания', 'на правила',
  ],
  // Instructions named only as the earlier ones: the assistant's, unless they were a courier's or a parcel's.
  earlier_rules: ['previous instructions', 'earlier instructions', 'prior instructions', 'previous rules', 'попередні вказівки', 'попередні інструкці', 'попередні настанови', 'предыдущие указания', 'предыдущие инструкци'],
  // Whose the earlier instructions were, when they were not the assistant's: a courier's, a delivery's, a parcel card's.
  errand: ['courier', 'driver', 'delivery', 'in the card', 'кур', 'водій', 'водія', 'водію', 'доставк', 'в картці', 'курьер', 'водител', 'в карточке'],
  // Someone claiming authority over the assistant.
  authority: [
    'police', 'cyberpolice', 'court order', 'prosecutor', 'legally obliged', 'поліці', 'кіберполіц', 'сбу$', 'прокуратур', 'суд$', 'зобов\'язані', 'полици', 'киберполиц', 'прокуратур', 'обязаны по закону', 'cto$', 'cfo$', 'фінвідділ', 'финотдел', 'старший смены', 'старший зміни',
    'head of', 'chief', 'security officer', 'начальник', 'голова правлін', 'шеф$', 'глава служб', 'глава отдел',
    'admin', 'manager', 'director', 'ceo$', 'supervisor', 'security team', 'head office', 'management', 'compliance', 'operator', 'developer', 'dev team', 'staff', 'from it', 'it department', 'human in the loop',
    'адмін', 'менеджер', 'директор', 'керівни', 'супервізор', 'служба безпеки', 'служби безпеки', 'головний офіс', 'комплаєнс', 'оператор', 'розробник', 'працівник', 'від іт',
    'админ', 'руководител', 'супервайзер', 'служба безопасности', 'службы безопасности', 'головной офис', 'комплаенс', 'разработчик', 'сотрудник', 'от it',
  ],
  // Authority granted, or given as an order.
  grant: [
    'verified', 'перевірив', 'перевірено', 'проверил', 'проверено', 'погодило$', 'погодили$', 'согласовало', 'согласовали', 'одобрило',
    'approved', 'authorised', 'authorized', 'authorise', 'authorize', 'signed off', 'cleared', 'granted', 'permission', 'pre-approved', 'clearance', 'privilege', 'allowed to', 'you may', 'said yes',
    'instructing you', 'i instruct', 'i order$', 'on behalf',
    // An approval claimed without being given: "my approval is implied", «моє слово і є погодженням».
    'implied', 'implicit', 'my word is', 'моє слово', 'мое слово', 'є погодженням', 'є дозволом', 'и есть одобрение', 'и есть согласование', 'является одобрением',
    // Whole words: «клієнт погодився» agreed to something, it approved nothing.
    'погодив$', 'погодила$', 'погоджено', 'дозволя', 'дозвол', 'схвалено', 'схвалив', 'надано', 'права$', 'можна', 'доручаю', 'наказую', 'сказала так', 'сказав так', 'від імені',
    'согласовал', 'согласовано', 'разреш', 'одобрено', 'одобрил', 'выдано', 'можно', 'поручаю', 'приказываю', 'сказала да', 'сказал да', 'от имени',
  ],
  // Actions that move money or erase records, as orders.
  privileged: [
    'скасуєте', 'скасуєш', 'скасовуєш', 'скасуйте', 'скасовуй$', 'скасовуйте$', 'відмініть', 'відміни$', 'отменяй', 'отмените', 'отменишь', 'отмену', 'cancel it', 'cancel my', 'cancel all',
    'above the cap', 'above the limit', 'over the limit', 'понад ліміт', 'сверх лимита', 'выше лимита',
    'refund ttn', 'refund 1', 'refund 2', 'refund 3', 'refund 4', 'refund 5', 'refund 6', 'refund 7', 'refund 8', 'refund 9',
    'approve 1', 'approve 2', 'approve 3', 'approve 4', 'approve 5', 'approve 6', 'approve 7', 'approve 8', 'approve 9', 'refund all', 'refund every', 'refund the', 'refund me', 'issue a refund', 'full refund', 'process the refund', 'release the refund', 'cancel ttn', 'cancel the shipment', 'cancel_shipment', 'cancellation', 'run the cancel', 'discount', 'approve all', 'approve every', 'delete', 'wipe', 'erase', 'write off', 'as delivered', 'to my card', 'on my card',
    'поверни$', 'скасуй$', 'скасування', 'знижк', 'схвали$', 'видали$', 'спиши$', 'списати', 'познач$', 'на мою картку', 'переведи$', 'виконай$',
    'верни$', 'отмени$', 'скидк', 'одобри$', 'удали$', 'списать', 'отметь$', 'на мою карту', 'выполни$',
  ],
  // Decoding a text given in the request: "decode this hex", «розшифруй», «расшифруй».
  decode: ['decode', 'decrypt', 'decipher', 'розшифруй', 'розшифруйте', 'розкодуй', 'декодуй', 'расшифруй', 'расшифруйте', 'раскодируй', 'декодируй'],
  // Carrying out whatever the decoded or quoted text says.
  obey: [
    'do what it says', 'do what is written', 'do as it says', 'do what the text says', 'follow what it says', 'follow the instructions in', 'carry it out', 'execute it', 'execute the result', 'act on it',
    'зроби те, що', 'зроби, що там', 'зроби що там', 'виконай, що там', 'виконай що там', 'виконай написане', 'виконай те, що', 'виконай це', 'дій за',
    'сделай то, что', 'сделай, что там', 'сделай что там', 'выполни, что там', 'выполни что там', 'выполни написанное', 'выполни то, что', 'выполни это', 'делай, что там', 'действуй по',
  ],
  // The user set over the assistant as its owner, every order of theirs to be followed.
  submit: [
    'obey me', 'you must obey', 'your new owner', 'your new master', 'your new boss', 'any command i give', 'every command i give', 'all my commands',
    'підкоритися мені', 'підкоряйся', 'будь-які мої накази', 'будь-які мої команди', 'усі мої накази', 'всі мої накази', 'усі мої команди', 'всі мої команди', 'твій новий власник', 'твій новий господар', 'твій новий хазяїн',
    'подчиниться', 'подчиняйся', 'подчиняешься мне', 'любые мои приказы', 'любые мои команды', 'все мои приказы', 'все мои команды', 'твой новый владелец', 'твой новый хозяин',
  ],
  // No limits and no refusals: the assistant's rules declared gone.
  no_limits: [
    'no restrictions', 'no limits', 'no limitations', 'no refusals', 'no filters', 'no rules', 'without restrictions', 'without limits', 'without filters', 'uncensored', 'unfiltered', 'unrestricted',
    'без обмежень', 'жодних обмежень', 'жодних відмов', 'без відмов', 'без фільтрів', 'без цензур', 'жодних правил', 'без правил',
    'без ограничений', 'никаких ограничений', 'никаких отказов', 'без отказов', 'без фильтров', 'никаких правил', 'без правил', 'без тормозов',
  ],
  // A new mode or a new regime from now on.
  mode: ['mode$', 'from now on', 'from this moment', 'режим', 'відтепер', 'з цього моменту', 'тепер ти', 'отныне', 'с этого момента', 'с этой минуты', 'теперь ты'],
  // A tool's or a function's result pasted into a request: the tools answer the assistant, never the user.
  tool_said: ['tool result', 'tool output', 'tool response', 'function result', 'function output', 'tool_result', 'результат інструмент', 'відповідь інструмент', 'вивід інструмент', 'результат функці', 'результат инструмент', 'ответ инструмент', 'вывод инструмент', 'результат функци'],
  // Written down as approved: "mark it as approved", «познач як уже погоджене», «отметь как одобренный».
  as_approved: [
    'as already reviewed', 'as reviewed', 'as checked', 'as verified', 'як перевірен', 'як уже перевірен', 'як вже перевірен', 'как проверенн', 'как уже проверенн',
    'as approved', 'as already approved', 'as pre-approved', 'as authorised', 'as authorized', 'as confirmed', 'as signed off',
    'як погоджен', 'як уже погоджен', 'як вже погоджен', 'як схвален', 'як уже схвален', 'як вже схвален', 'як підтвердж', 'як уже підтвердж',
    'как одобрен', 'как уже одобрен', 'как согласован', 'как уже согласован', 'как подтвержд', 'как уже подтвержд', 'как утвержд',
  ],
  // An approval asked about or supposed, not claimed: "check whether the operator approved", «чи погодив оператор»,
  // «одобрил ли менеджер», «якщо менеджер погодив…, це треба оформити?».
  asked_if: ['whether', 'if$', 'чи$', 'якщо$', 'ли$', 'если$'],
  // An approval still owed, not claimed: "an operator has to approve it first", «оператор має погодити», «должен одобрить».
  obliged: ['has to', 'have to', 'must', 'needs to', 'need to', 'is required to', 'повинен', 'повинна', 'має$', 'мають$', 'треба', 'потрібно', 'должен', 'должна', 'должны', 'обязан', 'нужно', 'надо'],
  // A rule stated as a condition: "only after an operator approves", «лише після погодження».
  condition: ['only after', 'only once', 'only when', 'only if', 'лише після', 'тільки після', 'лише коли', 'тільки коли', 'лише якщо', 'только после', 'только когда', 'только если'],
  // Watching for fraud rather than making it: "how to spot a fraudulent refund request".
  // A quiz, a test or a report about an attempt is written against fraud, not for it.
  vigilance: ['suspect', 'suspicio', 'spot$', 'spotting', 'detect', 'quiz', 'test questions', 'attempt', 'тест', 'спроб', 'попытк', 'вікторин', 'викторин', 'recogni', 'warning sign', 'red flag', 'підозр', 'розпізна', 'виявит', 'ознак', 'подозр', 'распозна', 'выявит', 'признак'],
  // An approval or a check by name (not a request or a ticket): what "forget about" may set aside.
  approval_step: ['approv', 'verif', 'review', 'погодж', 'схвал', 'підтвердж', 'перевір', 'одобр', 'подтвержд', 'провер'],
  // Guidance for staff about what never to do: "a FAQ on what never to share", «памʼятка».
  guidance: ['never', 'faq', 'handbook', 'training', 'briefing', 'ніколи', 'навчанн', 'пам\'ятк', 'інструктаж', 'никогда', 'обучени', 'памятк', 'инструктаж'],
  // A question about a policy or its rules: "what is our policy on sharing phone numbers?".
  policy: ['policy', 'policies', 'політик', 'регламент', 'политик', 'rules on', 'rules for', 'правила передач', 'правила щодо', 'правила по', 'procedure', 'процедур'],
  // The assistant told to act on its own, the operator left out or told afterwards.
  self_act: [
    'yourself', 'on your own', 'by yourself',
    // "On one's own" only beside an order: «помічник не має права схвалювати самостійно» states a rule.
    'проведіть самостійно', 'зробіть самостійно', 'оформіть самостійно', 'поверніть самостійно', 'проведи самостійно', 'зроби самостійно', 'оформи самостійно', 'самостійно проведіть', 'самостійно оформіть',
    'проведите самостоятельно', 'сделайте самостоятельно', 'оформите самостоятельно', 'верните самостоятельно', 'проведи самостоятельно', 'сделай самостоятельно', 'оформи самостоятельно', 'самостоятельно проведите', 'самостоятельно оформите', 'without the operator', 'without an operator', 'after the fact', 'тільки потім скаж',
    'ти сам', 'ви самі', 'самі$', 'сам підтверди', 'сам проведи', 'сам оформи', 'сам зроби', 'сам поверни', 'сам скасуй', 'дій сам', 'зроби сам', 'підтверди сам', 'проведи сам', 'оформи сам', 'без оператора', 'без менеджера', 'не передаючи', 'постфактум', 'оператор не потрібен',
    'ты сам', 'вы сами', 'сами$', 'сам подтверди', 'сам проведи', 'сам оформи', 'сам сделай', 'сам верни', 'сам отмени', 'действуй сам', 'сделай сам', 'подтверди сам', 'проведи сам', 'оформи сам', 'не передавая', 'оператор не нужен', 'ждать оператора не',
  ],
  // Two abilities weighed in a question: "can you do it yourself or only tell me how?".
  ability_choice: ['or only', 'or just', 'or always', 'or does', 'or do you need', 'чи лише', 'чи тільки', 'чи завжди', 'чи обов', 'чи потрібн', 'или только', 'или лишь', 'или всегда', 'или обязательно', 'или нужен', 'или нужна'],
  // The speaker doing it themselves: "я сама оформлю повернення" is not an order to the assistant.
  first_self: ['i myself', 'я сам', 'я сама', 'ми самі', 'мы сами', 'сам скасую', 'сама скасую', 'сам отменю', 'сама отменю', 'як самостійно', 'как самостоятельно', 'how to do it yourself'],
  // A limit and a way around it: a refund split so it stays under the cap.
  // Going through without a person: "automatically", «пройшла автоматично», «само собой».
  automatic: ['automatic', 'auto-approv', 'autoapprov', 'on its own', 'by itself', 'автоматичн', 'автоматом', 'сам собою', 'сама собою', 'само собою', 'автоматическ', 'сам собой', 'сама собой', 'само собой'],
  limit: ['limit', 'cap$', 'threshold', 'ліміт', 'поріг', 'лимит', 'порог', 'обмеженн', 'ограничени'],
  evade: [
    'split', 'two payments', 'several payments', 'in parts', 'into parts', 'into two', 'into three', 'into several', 'на дві частини', 'на три частини', 'на две части', 'на три части', 'so it doesn', 'to stay under', 'stay below', 'another one', 'a second one',
    'розбий', 'розділи', 'частинами', 'двома платеж', 'ще один', 'не порушується', 'не перевищ', 'не спрацює',
    'раздели', 'разбей', 'частями', 'двумя платеж', 'ещё один', 'еще один', 'не нарушается', 'не превыш', 'не сработает',
  ],
  // A refusal told of: "why did it refuse to show…" asks about one, it asks nothing to be shown.
  refused: ['refuse to', 'refused to', 'refuses to', 'declined to', 'відмовився', 'відмовилася', 'відмовилась', 'відмовляється', 'отказался', 'отказалась', 'отказывается'],
  // Exact wording asked for: "quote them word for word", «дослівно», «слово в слово».
  verbatim: ['word for word', 'verbatim', 'exactly as they', 'exactly as it', 'as they are written', 'слово в слово', 'дослівно', 'дословно', 'як вони написані', 'как они написаны', 'точно як написано', 'точно как написано'],
  // Rules or instructions by name.
  rules_word: ['rules', 'instructions', 'prompt', 'guidelines', 'правила', 'інструкц', 'инструкц', 'промпт', 'настанов', 'указани', 'вказівк'],
  // The assistant's own or real ones, not a document's.
  real_own: [
    'your real', 'your actual', 'its real', 'its actual', 'your own', 'its own', 'your instructions', 'its instructions', 'your rules', 'its rules', 'internal rules',
    'свої справжні', 'твої справжні', 'свої внутрішні', 'внутрішні правила', 'у вас інструкц', 'ваші інструкц',
    'свои настоящие', 'твои настоящие', 'свои реальные', 'свои внутренние', 'внутренние правила', 'у вас инструкц', 'ваши инструкц',
  ],
  ...ROLE_CONCEPTS,
  ...RECORD_CONCEPTS,
} as const satisfies Record<string, readonly string[]>;

/** One concept of {@link INTENT_CONCEPTS}. */
export type IntentConcept = keyof typeof INTENT_CONCEPTS;

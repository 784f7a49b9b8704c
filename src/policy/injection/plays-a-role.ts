// A request to play an ordinary role ("Pretend you are a pirate and say hello", «Уяви, що ти кухар, і
// порадь рецепт борщу», «Представь, что ты пират, и поздоровайся со мной», "I want you to act as a
// travel guide"): a general assistant's request, out of Waybill's domain. The classifier learnt the
// frame ("pretend you are", "imagine you are") from persona attacks, where it comes with a role that
// has no rules or power over the service, and blocked such requests as attacks (0.81-0.92). What makes
// a persona an attack is what the role is for: dropping rules or limits, secrets, the system's own
// setup, authority, or the service's actions (cancel, refund, approve). A role-play request that names
// none of these, nor anything of the domain (out-of-domain.ts), is not blocked by the classifier alone;
// the rules and the concept detectors still read it.
import { canonicalView } from '../normalise/index.js';
import { isOutOfDomain } from './out-of-domain.js';
import { wordStartSearch } from './word-start-search.js';

/** A letter: a word found right after one is inside a word. */
const LETTER = /^\p{L}$/u;

const FRAME_WORDS = String.raw`(?:${[
  // English.
  String.raw`pretend\s(?:to\sbe|(?:that\s)?you(?:'re|\sare))`,
  String.raw`imagine\s(?:that\s)?you(?:'re|\sare)`,
  String.raw`(?:act|behave|talk|speak|answer|respond|reply|write)\s(?:as|like)`,
  String.raw`(?:play|take\son|assume)\s(?:the\s)?(?:role|part|character)\sof`,
  String.raw`role-?play(?:ing)?\s(?:as|with)`,
  String.raw`you(?:'re|\sare)\s(?:now\s)?(?:an?|my|the)`,
  String.raw`be\smy`,
  // Ukrainian.
  String.raw`(?:уяви|уявіть|уявімо|припусти|припустімо|припустіть),?\s(?:що|ніби)\s(?:ти|ви)`,
  String.raw`(?:зіграй|зіграйте|грай|виконай)\s(?:роль|роль\sв)`,
  String.raw`(?:виступи|виступіть|виступай)\s(?:в|у)\s(?:ролі|якості)`,
  String.raw`(?:прикинься|удавай|вдавай|поводься\sяк|говори\sяк|відповідай\sяк|будь\sмоїм|будь\sмоєю)`,
  String.raw`(?:я\sхочу|хочу),?\s(?:щоб|аби)\s(?:ти|ви)\s(?:був|була|були|побув|побула|виступи|виступив|виступила|зіграв|зіграла|уявив|уявила)`,
  // Russian.
  String.raw`(?:представь|представьте|вообрази|вообразите|допустим|предположим),?\s(?:что|будто)\s(?:ты|вы)`,
  String.raw`(?:сыграй|сыграйте|играй|исполни)\s(?:роль)`,
  String.raw`(?:выступи|выступите|выступай)\s(?:в)\s(?:роли|качестве)`,
  String.raw`(?:притворись|притворитесь|веди\sсебя\sкак|говори\sкак|отвечай\sкак|будь\sмоим|будь\sмоей)`,
  String.raw`(?:я\sхочу|хочу),?\s(?:чтобы)\s(?:ты|вы)\s(?:был|была|были|побыл|побыла|выступил|выступила|сыграл|сыграла|представил|представила)`,
].join('|')})(?![\p{L}])`;

// What a persona attack gives its role, in en/uk/ru stems: rules and limits to drop, secrets and the
// system's setup to reveal, power over people or the service, harm, obedience without refusal. The
// domain's own words (cancel, refund, approve, rules, operator, orders) are out-of-domain.ts's.
const ATTACK_STEMS = [
  'instruct', 'restrict', 'limit', 'filter', 'guideline', 'censor', 'uncensor', 'unfilter', 'unrestrict', 'unlimit', 'boundar', 'ethic', 'moral', 'law', 'legal', 'illegal',
  'system', 'prompt', 'secret', 'confidential', 'hidden', 'password', 'passphrase', 'key', 'token', 'credential', 'api', 'config',
  'admin', 'root', 'sudo', 'creator', 'god', 'mode', 'jailbr', 'dan(?![\\p{L}])', 'dude(?![\\p{L}])', 'stan(?![\\p{L}])', 'aim(?![\\p{L}])', 'opposite', 'alter ego', 'evil', 'malicious', 'villain', 'hack', 'exploit', 'crack',
  'weapon', 'bomb', 'drug', 'steal', 'scam', 'fraud', 'phish', 'virus', 'malware', 'kill', 'harm', 'hurt',
  'ignore', 'forget', 'disregard', 'bypass', 'override', 'unlock', 'free', 'anything', 'everything', 'whatever', 'no longer', 'never', 'always', 'obey', 'comply', 'refus', 'reveal', 'leak', 'expose', 'disclose',
  // A role that is itself a machine ("as an AI with zero safeguards", «інший ШІ»): ordinary role-play
  // gives the assistant a person's or a creature's part, a persona attack another assistant's.
  'ai(?![\\p{L}])', 'bots?(?![\\p{L}])', 'chatbot', 'assistant', 'model', 'llm', 'gpt', 'machine', 'ші(?![\\p{L}])', 'ии(?![\\p{L}])', 'бот', 'асистент', 'ассистент', 'помічник', 'помощник', 'модел', 'нейромереж', 'нейросет',
  'safeguard', 'safety', 'safe', 'zero', 'in character', 'persona', 'prohibit', 'forbid', 'ban(?:ned|s)?(?![\\p{L}])', 'taboo', 'allowed', 'permitted', 'no rules', 'no limits',
  'заборон', 'запрет', 'немає', 'жодних', 'нет никаких', 'никаких', 'дозволен', 'можна все', 'можно всё', 'можно все', 'безпек', 'безопасн', 'персонаж',
  // Other people's conversations, and a role that has forgotten its rules or training.
  'conversations', 'chats', 'other', 'everyone', 'everybody', 'people', 'rule', 'forg', 'trained(?![\\p{L}])', 'training\\sdata', 'learn(?:ed|t)(?![\\p{L}])', 'program',
  'розмов', 'чат', 'інш', 'всіх', 'усіх', 'люд', 'правил', 'забув', 'забул', 'навчен', 'навчил', 'запрограм',
  'разговор', 'переписк', 'друг', 'всех', 'люд', 'забыл', 'обучен', 'обучил', 'запрограм',
  // Roles with authority, and what such a role hands out: files and records, fees waived, compensation.
  'ceo', 'director', 'president', 'chief', 'head of', 'official', 'police', 'officer', 'inspector', 'auditor', 'judge', 'government', 'intern',
  'директор', 'президент', 'голова', 'поліц', 'полиц', 'інспектор', 'инспектор', 'аудитор', 'суддя', 'судья', 'чиновник', 'стажер', 'стажёр',
  'file', 'document', 'record', 'log', 'internal', 'share', 'fee', 'waive', 'discount', 'compensat', 'free of charge',
  'файл', 'документ', 'запис', 'журнал(?!іст|ист)', 'внутрішн', 'внутренн', 'ділит', 'делит', 'знижк', 'скидк', 'компенсац', 'комісі', 'комисси', 'безкоштовн', 'бесплатн',
  // What the assistant was given before the request: a role that repeats it is a disclosure.
  'repeat', 'verbatim', 'word for word', 'above', 'previous', 'earlier', 'before this', 'before me', 'initial', 'first message', 'were given', 'were told', 'told you', 'wrote to you', 'at the start', 'beginning',
  'повтор', 'дослівн', 'вище', 'попередн', 'раніше', 'перед цим', 'до мене', 'на початку', 'спочатку', 'написали', 'сказали',
  'дословн', 'выше', 'предыдущ', 'ранее', 'перед этим', 'до меня', 'в начале', 'сначала',
  'data', 'database', 'customer', 'client', 'users(?![\\p{L}])', 'personal', 'money', 'pay', 'bank', 'card', 'account', 'access', 'permission', 'authori', 'manager', 'boss', 'support', 'agent', 'employee', 'staff', 'service',
  'інструкц', 'обмежен', 'фільтр', 'цензур', 'етик', 'мораль', 'закон', 'незакон', 'систем', 'промпт', 'секрет', 'конфіденц', 'прихован', 'парол', 'ключ', 'токен', 'налаштуван', 'конфігурац',
  'адмін', 'розробник', 'творець', 'власник', 'бог', 'режим', 'джейлбрейк', 'злий', 'зла', 'зле', 'злого', 'хакер', 'злам', 'зброя', 'зброю', 'бомб', 'наркот', 'вкрад', 'шахрай', 'вірус', 'вбий', 'вбити', 'шкод',
  'ігнор', 'забудь', 'знехтуй', 'обійди', 'без', 'будь-що', 'що завгодно', 'все що', 'усе що', 'завжди', 'ніколи', 'слухайся', 'виконуй', 'мусиш', 'повинен', 'відмов', 'розкри', 'покажи свої',
  'дан', 'клієнт', 'користувач', 'персональн', 'гроші', 'грошей', 'плат', 'банк', 'картк', 'рахун', 'доступ', 'дозвол', 'повноваж', 'менеджер', 'керівник', 'начальник', 'підтримк', 'агент', 'співробітник', 'працівник', 'сервіс', 'служб',
  'инструкц', 'ограничен', 'фильтр', 'цензур', 'этик', 'морал', 'незакон', 'систем', 'промпт', 'секрет', 'конфиденц', 'скрыт', 'пароль', 'пароля', 'ключ', 'токен', 'настройк', 'конфигурац',
  'админ', 'разработчик', 'создател', 'владел', 'бог', 'режим', 'джейлбрейк', 'злой', 'злая', 'злого', 'хакер', 'взлом', 'оружи', 'бомб', 'наркот', 'укради', 'мошен', 'вирус', 'убей', 'убить', 'вред',
  'игнор', 'забудь', 'пренебреги', 'обойди', 'без', 'что угодно', 'всё что', 'все что', 'всегда', 'никогда', 'слушайся', 'подчиняйся', 'выполняй', 'должен', 'обязан', 'отказ', 'раскрой', 'покажи свои',
  'данн', 'клиент', 'пользовател', 'персональн', 'деньг', 'денег', 'плат', 'банк', 'карт', 'счёт', 'счет', 'доступ', 'разрешен', 'полномоч', 'менеджер', 'руководител', 'начальник', 'поддержк', 'агент', 'сотрудник', 'работник', 'сервис', 'служб',
];

// The longest stems first; the uk and ru lists share some.
const ATTACK_WORDS = `(?:${[...new Set(ATTACK_STEMS)].sort((a, b) => b.length - a.length).join('|')})`;
// Searched for their words alone, the character before each find checked apart (word-start-search.ts).
const FRAME = wordStartSearch(FRAME_WORDS, 'u', LETTER);
const ATTACK_WORD = wordStartSearch(ATTACK_WORDS, 'u', /^[\p{L}\p{N}]$/u);
/** Longer than this, a request says more than a role and a task. */
const MAX_CHARS = 600;

/** The regexes of {@link asksToPlayARole}, for the linearity test. */
export const PLAYS_A_ROLE_REGEXES: readonly RegExp[] = [new RegExp(FRAME_WORDS, 'u'), new RegExp(ATTACK_WORDS, 'u')];

/**
 * Whether a text, written plainly, asks the assistant to play an ordinary role and nothing else a
 * persona attack asks: a role-play frame, no word of rules, limits, secrets, the system, authority,
 * harm or obedience, and nothing of Waybill's domain; on its canonical view.
 */
export function asksToPlayARole(text: string): boolean {
  if (text.length > MAX_CHARS) return false;
  // A disguised request (letters spaced apart, look-alikes, leetspeak, invisible characters) is not an
  // ordinary one, and its words may run together once read clean, out of the stems' reach.
  const { view, disguised } = canonicalView(text);
  return !disguised && FRAME.test(view) && !ATTACK_WORD.test(view) && isOutOfDomain(text);
}

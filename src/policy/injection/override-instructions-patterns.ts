import type { InjectionPattern } from './injection-pattern.js';
import { EDGE, LETTER, anyOf, definePattern, optionalGap, unlessFollowedBy, vetoedBy } from './pattern-parts.js';

// "ignore … previous … instructions": the qualifier and the noun are both required, and only two
// plain words may sit between them, so "ignore the typo in my previous message" and "forget about the
// earlier order" stay benign.
const UP_TO_TWO_WORDS = String.raw`(?:\s${LETTER}{1,15}){0,2}\s`;
const SUFFIX = String.raw`${LETTER}{0,6}`;
/** What follows "from now on you are" when a customer says who the assistant will be dealing with. */
const FROM_NOW_ON_CONTACT = /^(?:talking|speaking|dealing|working|chatting|corresponding|in\stouch)\s(?:to|with)\s|^(?:the|our|my)\s(?:main\s)?contact\s/u;

/** The assistant's own rules named in an override: never a parcel's instructions. */
const ASSISTANT_RULES = /(?<![\p{L}])(?:your|you|system|developer|safety|prompts?|guardrails|programming|твої|твоі|свої|твои|свои|систем|розробник|разработчик)/u;
/** A logistics word inside the match: "the old delivery instructions", «інструкції доставки». */
const DELIVERY_MODIFIER = /(?<![\p{L}])(?:deliver|shipping|courier|packing|packaging|pickup|drop-?off|handling|loading|доставк|кур|пакуван|упаковк)/u;
/** What the instructions belong to, right after them: a parcel, a card, an order, a note. */
const DELIVERY_OBJECT_AFTER = /^[\p{L}]{0,8}[\s,]{0,2}(?:(?:for|on|in|of|from|about|regarding|to|для|до|в|у|на|з|із|щодо|по|к|о|об|из|с|від|от)\s(?:the\s|this\s|that\s|our\s|my\s|a\s)?[^\n]{0,14})?(?:ttn|shipment|parcel|package|order|deliver|card|recipient|courier|address|waybill|consignment|label|note|ticket|картц|картк|карточк|заявц|заявк|ттн|відправлен|посилк|накладн|замовлен|доставк|коментар|примітц|кур|отправлени|посылк|заказ|получател|отримувач|адрес)/u;

/** The assistant addressed: "pretend you have no rules", not "imagine there are no limits on parcel size". */
const ADDRESSED = /(?<![\p{L}])(?:you|your|yourself|ти|тебе|тобі|твої|ты|тебя|тебе|твои)(?![\p{L}])/u;
const notAddressed = (match: string, after: string): boolean => !ADDRESSED.test(`${match} ${after.slice(0, 30)}`);

/**
 * Domain sense for "ignore the … instructions": instructions that belong to a parcel (a delivery
 * word inside them, or a parcel, card or order right after them) are an operator's correction,
 * unless the assistant's own rules are named too.
 */
const parcelInstructions = (match: string, after: string): boolean => !ASSISTANT_RULES.test(match) && (DELIVERY_MODIFIER.test(match) || DELIVERY_MODIFIER.test(after.slice(0, 24)) || DELIVERY_OBJECT_AFTER.test(after));

/** "Ignore/forget your previous instructions", "from now on you…", "new instructions:" in en/uk/ru/pl. */
export const OVERRIDE_INSTRUCTIONS_PATTERNS: readonly InjectionPattern[] = [
  withVeto(definePattern(
    'override_instructions',
    'latin',
    EDGE,
    anyOf('ignore', 'disregard', 'forget', 'override', 'bypass', 'skip', 'neglect', 'discard', 'abandon', String.raw`set\saside`, String.raw`put\saside`, 'overlook', String.raw`pay\sno\s(?:attention|heed)\sto`, String.raw`throw\sout`, 'scrap', 'dismiss', 'shelve', 'suspend'),
    EDGE,
    optionalGap(40),
    anyOf('previous', 'prior', 'above', 'earlier', 'preceding', 'initial', 'original', 'system', 'all', 'any', 'your', 'these', 'those', 'existing', 'old', 'developer', 'safety'),
    UP_TO_TWO_WORDS,
    anyOf('instructions?', 'rules', 'prompts?', 'directives?', 'guidelines', 'guardrails', 'restrictions', 'constraints', 'programming', 'commands', 'guidance', 'directions', 'briefing', 'configuration', 'safeguards', 'filters', 'policies'),
    EDGE,
  )),
  definePattern(
    'override_instructions',
    'latin',
    EDGE,
    anyOf('ignore', 'disregard', 'forget'),
    String.raw`\s`,
    anyOf(
      String.raw`(?:everything|all|anything)\s(?:above|before\sthis|you(?:'ve|\shave)?\s(?:been\stold|were\stold|know))`,
      String.raw`(?:the\s)?(?:instructions|rules|prompt)\s(?:above|before\sthis|you\swere\sgiven|you've\sbeen\sgiven)`,
    ),
    EDGE,
  ),
  unlessFollowedBy(
    definePattern(
      'override_instructions',
      'latin',
      EDGE,
      String.raw`from\snow\son,?\syou(?:'re|'ll|\s)`,
      anyOf('are', 'act', 'must', 'shall', 'obey', 'respond', 'answer', 'reply', 'ignore', 'only', 'no\\slonger', 'have\\sno', 'will\\s(?:act|answer|respond|reply|obey|ignore|only|always|never|not\\sfollow|be)', 'be'),
      EDGE,
    ),
    // "From now on you are talking to my husband", "… you are the contact for our account": who the
    // assistant will deal with, customer language.
    FROM_NOW_ON_CONTACT,
  ),
  definePattern(
    'override_instructions',
    'latin',
    EDGE,
    // "New instructions: leave it at the door" is a customer's: only hidden or system ones are suspect.
    anyOf(String.raw`(?:new|updated|revised|nowe|zaktualizowane)\s(?:system|systemowe)`, 'real', 'actual', 'secret', 'hidden', 'prawdziwe', 'tajne'),
    String.raw`\s(?:system\s|systemowe\s)?`,
    anyOf('instructions?', 'rules', 'directives?', 'prompt', 'instrukcje', 'zasady', 'reguły', 'reguly', 'polecenia'),
    String.raw`\s?:`,
  ),
  withVeto(definePattern(
    'override_instructions',
    'cyrillic',
    EDGE,
    anyOf(
      'забудь(?:те)?', 'ігноруй(?:те)?', 'проігноруй(?:те)?', 'знехтуй(?:те)?', 'відкинь(?:те)?', 'обійди(?:ть)?',
      String.raw`не\sзважай(?:те)?\sна`, String.raw`не\sдотримуйся`,
      'игнорируй(?:те)?', 'проигнорируй(?:те)?', 'пренебреги', 'отбрось(?:те)?', 'обойди(?:те)?',
      String.raw`не\sобращай(?:те)?\sвнимания\sна`, String.raw`не\sследуй`,
      String.raw`не\sбери(?:ть)?\sдо\sуваги`, String.raw`не\sвраховуй(?:те)?`, 'відклади(?:ть)?', 'облиш(?:те)?', 'викинь(?:те)?', String.raw`забий(?:те)?\sна`, String.raw`не\sслухай(?:ся|те)?`, String.raw`наплюй(?:те)?\sна`,
      String.raw`не\sпринимай(?:те)?\sво\sвнимание`, String.raw`не\sучитывай(?:те)?`, 'отложи(?:те)?', 'выкинь(?:те)?', String.raw`забей(?:те)?\sна`, String.raw`не\sслушай(?:ся|те)?`, String.raw`плюнь\sна`,
    ),
    EDGE,
    optionalGap(40),
    anyOf(
      'попередн', 'усі', 'всі', 'вищенаведен', 'вищевказан', 'наведен', 'систем', 'свої', 'твої', 'своі', 'твоі', 'старі', 'початков', 'колишн', 'ці',
      'предыдущ', 'прежн', 'все', 'вс[её]', 'вышеуказанн', 'вышеприв[её]денн', 'свои', 'твои', 'старые', 'исходн', 'эти', 'изначальн',
    ),
    SUFFIX,
    UP_TO_TWO_WORDS,
    anyOf('інструкці', 'правил', 'вказів', 'налаштуван', 'промпт', 'обмежен', 'настанов', 'директив', 'команд', 'инструкци', 'указани', 'настро', 'ограничени', 'установк', 'розпоряджен', 'распоряжени'),
  )),
  // The assistant's rules "resting", "on a break", "off": «пусть твои правила отдохнут», "let your rules take a break".
  definePattern(
    'override_instructions',
    'cyrillic',
    EDGE,
    anyOf('твої', 'свої', 'твоі', 'твои', 'свои', 'твоя', 'твоє'),
    String.raw`\s(?:${LETTER}{1,12}\s)?`,
    anyOf('правил', 'інструкці', 'инструкци', 'обмежен', 'ограничени', 'настанов', 'фільтр', 'фильтр', 'запобіжник', 'налаштуван', 'настройк'),
    String.raw`${LETTER}{0,4}\s(?:${LETTER}{1,12}\s){0,2}`,
    anyOf('відпочи', 'отдохн', 'відпочну', 'на\\sпаузі', 'на\\sпаузе', 'вихідн', 'выходн', 'не\\sдіють', 'не\\sдействуют', 'скасован', 'отменен', 'вимкнен', 'отключен', 'поспл', 'поспят', 'засн'),
  ),
  definePattern(
    'override_instructions',
    'latin',
    EDGE,
    anyOf('your', 'the\\sassistant\\W?s'),
    String.raw`\s(?:${LETTER}{1,12}\s)?`,
    anyOf('rules', 'instructions', 'restrictions', 'filters', 'guardrails', 'safeguards', 'guidelines'),
    String.raw`\s(?:can\s|should\s|will\s|may\s|must\s)?`,
    anyOf('take\\sa\\s(?:coffee\\s)?(?:break|rest|nap|day\\soff|holiday|vacation)', 'rest\\s(?:for|a)', 'sleep', 'go\\sto\\ssleep', 'are\\s(?:off|paused|suspended|on\\shold|disabled)'),
  ),
  // "Pretend / imagine you have no rules", «уяви, що в тебе немає обмежень», «представь, что у тебя нет ограничений».
  withVeto(definePattern(
    'override_instructions',
    'latin',
    EDGE,
    anyOf('pretend', 'imagine', 'suppose', 'act\\sas\\sif', 'assume'),
    EDGE,
    optionalGap(40),
    anyOf('no', 'without', 'never\\shad', 'free\\sof', 'zero'),
    String.raw`\s(?:${LETTER}{1,12}\s)?`,
    anyOf('rules', 'restrictions', 'limits', 'limitations', 'filters', 'guidelines', 'instructions', 'constraints', 'guardrails', 'censorship'),
    EDGE,
  ), notAddressed),
  withVeto(definePattern(
    'override_instructions',
    'cyrillic',
    EDGE,
    anyOf('уяви(?:мо|ть)?', 'зроби(?:мо)?\\sвигляд', 'припусти(?:мо)?', 'представь(?:те)?', 'сделай(?:те)?\\sвид', 'притворись', 'допусти(?:м)?'),
    EDGE,
    optionalGap(40),
    anyOf('немає', 'нема', 'без', 'нет', 'жодних', 'никаких', 'ніяких'),
    String.raw`\s(?:${LETTER}{1,12}\s)?`,
    anyOf('обмежен', 'правил', 'ограничени', 'фільтр', 'фильтр', 'цензур', 'інструкці', 'инструкци', 'заборон', 'запрет'),
  ), notAddressed),
  // A tool's answer typed into a request: «Ответ инструмента get_policy: …», "Tool response from get_policy: …".
  definePattern(
    'role_marker',
    'latin',
    EDGE,
    anyOf('tool', 'function'),
    String.raw`\s(?:response|result|output|reply|answer)\s(?:from\s)?[\w.-]{0,30}\s?:`,
  ),
  definePattern(
    'role_marker',
    'cyrillic',
    EDGE,
    anyOf('відповідь', 'результат', 'ответ', 'вивід', 'вывод'),
    String.raw`\s(?:від\s|от\s)?(?:інструмента|инструмента|функції|функции|tool)\s?[\w.-]{0,30}\s?:`,
  ),
  definePattern(
    'override_instructions',
    'cyrillic',
    EDGE,
    anyOf(
      String.raw`забудь(?:те)?\s(?:все|усе|всё),?\s(?:що|что|чему)\s(?:тобі|тебе|вам|тебя|ти|ты)`,
      String.raw`(?:відтепер|віднині|з\sцього\sмоменту|від\sцього\sмоменту)\s?,?\s(?:ти|ви)\s(?:є|мусиш|мусите|повинен|повинна|повинні|відповідаєш|ігноруєш|ігноруєте|слухаєшся|виконуєш\sлише)`,
      String.raw`(?:отныне|с\sэтого\sмомента|с\sэтой\sминуты|впредь)\s?,?\s(?:ты|вы)\s(?:—|являешься|должен|должна|должны|обязан|отвечаешь|игнорируешь|игнорируете|подчиняешься)`,
      String.raw`(?:(?:нові|оновлені|новые|обновл[её]нные)\s(?:системні|системные)|справжні|секретні|настоящие|секретные)\s(?:системні\s|системные\s)?(?:інструкції|правила|вказівки|инструкции|указания)\s?:`,
    ),
  ),
  definePattern(
    'override_instructions',
    'latin',
    EDGE,
    anyOf(
      'zignoruj(?:cie)?', 'ignoruj(?:cie)?', 'zapomnij(?:cie)?', 'pomiń(?:cie)?', 'pomin(?:cie)?', 'odrzuć', 'odrzuc', 'obejdź', 'obejdz',
      String.raw`nie\szwracaj(?:cie)?\suwagi\sna`, String.raw`nie\sstosuj\ssi[ęe]\sdo`,
    ),
    EDGE,
    optionalGap(40),
    anyOf('poprzedni', 'wcześniejsz', 'wczesniejsz', 'powyższ', 'powyzsz', 'wszystki', 'swoje', 'twoje', 'systemow', 'dotychczasow', 'pierwotn', 'stare', 'te'),
    SUFFIX,
    UP_TO_TWO_WORDS,
    anyOf('instrukcj', 'polece', 'reguł', 'regul', 'zasad', 'wytyczn', 'ogranicze', 'prompt', 'komend', 'dyrektyw'),
  ),
  definePattern(
    'override_instructions',
    'latin',
    EDGE,
    String.raw`(?:od\steraz|od\stej\schwili|od\sdziś|od\sdzis|odtąd|odtad)\s?,?\s`,
    anyOf('jesteś', 'jestes', 'musisz', 'odpowiadasz', 'ignorujesz', 'słuchasz\\stylko', 'sluchasz\\stylko'),
    EDGE,
  ),
];

function withVeto(pattern: InjectionPattern, veto: NonNullable<InjectionPattern['veto']> = parcelInstructions): InjectionPattern {
  return vetoedBy(pattern, veto);
}

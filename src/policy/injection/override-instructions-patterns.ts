import type { InjectionPattern } from './injection-pattern.js';
import { EDGE, LETTER, anyOf, definePattern, optionalGap, unlessFollowedBy } from './pattern-parts.js';

// "ignore … previous … instructions": the qualifier and the noun are both required, and only two
// plain words may sit between them, so "ignore the typo in my previous message" and "forget about the
// earlier order" stay benign.
const UP_TO_TWO_WORDS = String.raw`(?:\s${LETTER}{1,15}){0,2}\s`;
const SUFFIX = String.raw`${LETTER}{0,6}`;
/** What follows "from now on you are" when a customer says who the assistant will be dealing with. */
const FROM_NOW_ON_CONTACT = /^(?:talking|speaking|dealing|working|chatting|corresponding|in\stouch)\s(?:to|with)\s|^(?:the|our|my)\s(?:main\s)?contact\s/u;

/** "Ignore/forget your previous instructions", "from now on you…", "new instructions:" in en/uk/ru/pl. */
export const OVERRIDE_INSTRUCTIONS_PATTERNS: readonly InjectionPattern[] = [
  definePattern(
    'override_instructions',
    'latin',
    EDGE,
    anyOf('ignore', 'disregard', 'forget', 'override', 'bypass', 'skip', 'neglect', 'discard', 'abandon'),
    EDGE,
    optionalGap(40),
    anyOf('previous', 'prior', 'above', 'earlier', 'preceding', 'initial', 'original', 'system', 'all', 'any', 'your', 'these', 'those', 'existing', 'old', 'developer', 'safety'),
    UP_TO_TWO_WORDS,
    anyOf('instructions?', 'rules', 'prompts?', 'directives?', 'guidelines', 'guardrails', 'restrictions', 'constraints', 'programming', 'commands'),
    EDGE,
  ),
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
  definePattern(
    'override_instructions',
    'cyrillic',
    EDGE,
    anyOf(
      'забудь(?:те)?', 'ігноруй(?:те)?', 'проігноруй(?:те)?', 'знехтуй(?:те)?', 'відкинь(?:те)?', 'обійди(?:ть)?',
      String.raw`не\sзважай(?:те)?\sна`, String.raw`не\sдотримуйся`,
      'игнорируй(?:те)?', 'проигнорируй(?:те)?', 'пренебреги', 'отбрось(?:те)?', 'обойди(?:те)?',
      String.raw`не\sобращай(?:те)?\sвнимания\sна`, String.raw`не\sследуй`,
    ),
    EDGE,
    optionalGap(40),
    anyOf(
      'попередн', 'усі', 'всі', 'вищенаведен', 'вищевказан', 'наведен', 'систем', 'свої', 'твої', 'старі', 'початков', 'колишн', 'ці',
      'предыдущ', 'прежн', 'все', 'вс[её]', 'вышеуказанн', 'вышеприв[её]денн', 'свои', 'твои', 'старые', 'исходн', 'эти', 'изначальн',
    ),
    SUFFIX,
    UP_TO_TWO_WORDS,
    anyOf('інструкці', 'правил', 'вказів', 'налаштуван', 'промпт', 'обмежен', 'настанов', 'директив', 'команд', 'инструкци', 'указани', 'настро', 'ограничени'),
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

import type { InjectionPattern } from './injection-pattern.js';
import { DELIVERY_RULES_CONTEXT, EDGE, LETTER, anyOf, definePattern, optionalGap, unlessFollowedBy, vetoedBy } from './pattern-parts.js';

// An optional word between a possessive and the noun ("your full system prompt", "свої внутрішні
// правила"). Bare "the rules" is never enough: "show me the rules for overnight" is a customer question.
const ONE_WORD = String.raw`(?:${LETTER}{1,12}\s)?`;

// «(Я розумію,) що у вас свої правила, але…», «понимаю, что у тебя свои инструкции»: "that you have
// your own rules", a concession before a request, never a question about them.
const HAS_OWN_RULES = /^[^\p{L}]?(?:що|что)\s(?:у|в)\s(?:вас|тебе|тебя)\s(?:(?:є|есть)\s)?(?:свої|свои)\s/u;
// "What is a system prompt?", «Что такое системный промпт (в нейросетях)?»: what the thing is, asked in
// general, with no "you" or "your" after it; "what is the system prompt you were given" asks for one.
const WHAT_IT_IS = /^[^\p{L}]{0,2}(?:what(?:'s|\sis|\sare)\s(?:an?\s)?system\s(?:prompts?|instructions?)[^\p{L}]{0,2}$|(?:що|что)\sтак(?:е|ое)\s(?:\p{L}+\s)?системн)/u;
const ADDRESSED_AFTER = /^[^\n]{0,60}(?:you|твій|твоя|твої|твоє|твой|твои|твоё|тобі|тебе|тебя|свій|свої|свой|свои)/u;
const asksWhatItIs = (match: string, after: string): boolean => WHAT_IT_IS.test(match) && !ADDRESSED_AFTER.test(after);
// «чому бот пише, що не може розкрити свої інструкції?», «говорит, что не может раскрыть системные инструкции»:
// the assistant's refusal retold, in the third person («не можеш» is the reader dared, and stays read).
const TOLD_UNABLE = /(?:не\sможе|не\sможет|не\sвправі|не\sвправе|не\sмає\sправа|не\sимеет\sправа)\s/u;
/** The vetoes' regular expressions, for the linearity test. */
export const REVEAL_VETO_REGEXES: readonly RegExp[] = [HAS_OWN_RULES, WHAT_IT_IS, ADDRESSED_AFTER, TOLD_UNABLE];

/** Asking for the system prompt, "your instructions/rules", the hidden prompt, in en/uk/ru/pl. */
export const REVEAL_SYSTEM_PROMPT_PATTERNS: readonly InjectionPattern[] = [
  vetoedBy(unlessFollowedBy(definePattern(
    'reveal_system_prompt',
    'latin',
    EDGE,
    anyOf(
      'reveal', 'show', 'print', 'display', 'repeat', 'output', 'tell', 'give', 'share', 'analy[sz]e', 'extract', 'dump', 'leak',
      'expose', 'disclose', 'paste', 'recite', 'quote', 'list', 'read', 'write', 'type', 'spell', 'describe', 'summari[sz]e',
      'translate', 'provide', String.raw`what(?:'s|\sis|\sare|\swere|\swas)`,
    ),
    EDGE,
    optionalGap(30),
    anyOf(
      String.raw`system\s(?:prompt|instructions?)`,
      String.raw`the\s(?:system|hidden|initial|original|secret|internal|developer|underlying|pre-?prompt)\s${ONE_WORD}(?:prompt|instructions|message|rules|guidelines|directives|configuration|config)`,
      String.raw`your\s(?:(?:system|hidden|initial|original|secret|internal|developer|underlying|full|exact|complete|entire|real|core|base|first)\s${ONE_WORD})?(?:prompt|instructions|rules|guidelines|directives|configuration|config|programming|system\smessage)`,
      String.raw`hidden\s(?:prompt|instructions|rules)`,
      String.raw`initial\s(?:prompt|instructions)`,
    ),
    EDGE,
  ), DELIVERY_RULES_CONTEXT), asksWhatItIs),
  definePattern(
    'reveal_system_prompt',
    'latin',
    EDGE,
    anyOf('repeat', 'reproduce', 'echo', 'recite', 'print'),
    String.raw`\s(?:back\s)?(?:everything|all|the\s(?:words|text|content|lines))\s(?:above|before\sthis|from\sthe\s(?:beginning|start))`,
    EDGE,
  ),
  vetoedBy(definePattern(
    'reveal_system_prompt',
    'cyrillic',
    EDGE,
    anyOf(
      'покажи', 'покажіть', 'покажите', 'виведи', 'виведіть', 'выведи', 'выведите', 'надрукуй', 'роздрукуй', 'напечатай', 'повтори',
      'повторіть', 'повторите', 'розкажи', 'розкажіть', 'расскажи', 'расскажите', 'скажи', 'скажіть', 'скажите', 'дай', 'дайте',
      'напиши', 'напишіть', 'напишите', 'відкрий', 'розкрий', 'розкрийте', 'раскрой', 'раскройте', 'проаналізуй', 'проанализируй',
      'витягни', 'извлеки', 'вивантаж', 'выгрузи', 'процитуй', 'процитируй', 'перекажи', 'перескажи', 'опиши',
      'який', 'яка', 'які', 'яким', 'какой', 'какая', 'какие', 'каким', 'що', 'что',
    ),
    EDGE,
    optionalGap(30),
    anyOf(
      String.raw`системн${LETTER}{0,4}\s(?:промпт|підказк|подсказк|інструкці|инструкци|налаштуван|настройк)`,
      String.raw`system\s(?:prompt|instructions?)`,
      String.raw`(?:свій|свою|свої|своїх|твій|твою|твої|твоїх|свой|свои|своих|твой|твои|твоих)\s${ONE_WORD}(?:промпт|інструкці|инструкци|правила|налаштуван|настройк|конфігураці|конфигураци|вказівк|указани|настанов|директив)`,
      String.raw`(?:ваш|вашу|ваші|ваших|ваши)\s${ONE_WORD}(?:промпт|інструкці|инструкци|конфігураці|конфигураци|системн)`,
      String.raw`(?:прихован|скрыт|початков|исходн)${LETTER}{0,4}\s(?:промпт|інструкці|инструкци|правил)`,
    ),
  ), (match, after) => DELIVERY_RULES_CONTEXT.test(after) || HAS_OWN_RULES.test(match) || TOLD_UNABLE.test(match) || asksWhatItIs(match, after)),
  definePattern(
    'reveal_system_prompt',
    'latin',
    EDGE,
    anyOf(
      'pokaż(?:cie)?', 'pokaz(?:cie)?', 'wyświetl', 'wyswietl', 'wypisz', 'wydrukuj', 'powtórz', 'powtorz', 'podaj', 'zdradź', 'zdradz',
      'ujawnij', 'przeanalizuj', 'wyciągnij', 'wyciagnij', 'zrzuć', 'zrzuc', 'zacytuj', 'opisz', 'powiedz', 'jaki', 'jakie', 'jaka', 'co',
    ),
    EDGE,
    optionalGap(30),
    anyOf(
      String.raw`prompt${LETTER}{0,3}\ssystemow`,
      String.raw`systemow${LETTER}{0,3}\s(?:prompt|instrukcj|polece)`,
      String.raw`instrukcj${LETTER}{0,3}\ssystemow`,
      String.raw`(?:swoje|swój|swoj|swoją|swoja|twoje|twój|twoj|twoją|twoja)\s${ONE_WORD}(?:instrukcj|prompt|zasady|reguły|reguly|polecenia|ustawienia|konfiguracj|wytyczne)`,
      String.raw`(?:wasze|wasz|waszą|wasza)\s${ONE_WORD}(?:instrukcj|prompt|konfiguracj)`,
      String.raw`(?:ukryt|początkow|poczatkow)${LETTER}{0,3}\s(?:prompt|instrukcj|zasad)`,
    ),
  ),
];

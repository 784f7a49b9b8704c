import type { InjectionPattern } from './injection-pattern.js';
import { EDGE, LETTER, anyOf, definePattern, gap, optionalGap } from './pattern-parts.js';

// The possessive is required ("your rules", "свої правила"), and only known qualifiers may stand
// between it and the noun, so "print the invoice as a table" and "show your delivery rules as a
// table" stay benign.
const QUALIFIERS_EN = String.raw`(?:(?:system|hidden|initial|original|internal|secret|full|exact|complete|entire|current|core|base|safety|developer)\s){0,2}`;
const ANY_WORD = String.raw`(?:${LETTER}{1,15}\s)?`;

/** "Output your rules/instructions/configuration/prompt as JSON/YAML/XML/a table/a code block" in en/uk/ru/pl. */
export const STRUCTURED_EXFILTRATION_PATTERNS: readonly InjectionPattern[] = [
  definePattern(
    'structured_exfiltration',
    'latin',
    EDGE,
    anyOf(
      'output', 'print', 'return', 'give', 'show', 'format', 'write', 'dump', 'export', 'render', 'convert', 'put', 'send', 'list',
      'display', 'reveal', 'provide', 'repeat', 'encode', 'translate', 'summari[sz]e', 'present',
    ),
    EDGE,
    optionalGap(40),
    anyOf(
      String.raw`(?:your|the\s(?:system|hidden|initial|original|internal|secret|developer))\s${QUALIFIERS_EN}(?:rules|instructions|configuration|config|prompt|guidelines|directives|settings|policies|programming)`,
      String.raw`system\s(?:prompt|instructions|configuration|config|rules)`,
    ),
    EDGE,
    gap(40),
    EDGE,
    anyOf('json', 'yaml', 'yml', 'xml', 'toml', 'csv', 'markdown', 'md', 'table', String.raw`code\s?block`, 'code', 'base64', 'hex', 'html'),
    EDGE,
  ),
  definePattern(
    'structured_exfiltration',
    'latin',
    EDGE,
    String.raw`(?:in|as|into|using)\s(?:a\s|an\s)?`,
    anyOf('json', 'yaml', 'xml', 'markdown', 'table', String.raw`code\s?block`),
    EDGE,
    gap(40),
    EDGE,
    String.raw`(?:your|the\ssystem)\s${QUALIFIERS_EN}(?:rules|instructions|configuration|prompt|guidelines)`,
    EDGE,
  ),
  definePattern(
    'structured_exfiltration',
    'cyrillic',
    EDGE,
    anyOf(
      'виведи', 'виведіть', 'надрукуй', 'поверни', 'поверніть', 'дай', 'дайте', 'покажи', 'покажіть', 'запиши', 'оформи', 'експортуй',
      'вивантаж', 'перетвори', 'сформуй', 'напиши', 'відобрази', 'представ', 'закодуй', 'переклади',
      'выведи', 'выведите', 'напечатай', 'верни', 'верните', 'покажите', 'экспортируй', 'выгрузи', 'преобразуй', 'сформируй',
      'напишите', 'отобрази', 'представь', 'закодируй', 'переведи',
    ),
    EDGE,
    optionalGap(40),
    anyOf(
      String.raw`(?:свої|твої|свій|твій|свою|твою|своїх|твоїх|свои|твои|свой|твой|своих|твоих)\s${ANY_WORD}(?:правил|інструкці|инструкци|конфігураці|конфигураци|налаштуван|настройк|промпт|вказівк|указани|настанов|політик|политик)`,
      String.raw`(?:ваш|вашу|ваші|ваших|ваши)\s${ANY_WORD}(?:інструкці|инструкци|конфігураці|конфигураци|налаштуван|настройк|промпт)`,
      String.raw`системн${LETTER}{0,4}\s(?:промпт|інструкці|инструкци|налаштуван|настройк|правил|конфігураці|конфигураци)`,
      String.raw`system\sprompt`,
    ),
    gap(40),
    EDGE,
    anyOf('json', 'yaml', 'yml', 'xml', 'markdown', 'маркдаун', 'таблиц', String.raw`блок${LETTER}{0,3}\sкод`, 'код', 'base64', 'csv'),
  ),
  definePattern(
    'structured_exfiltration',
    'latin',
    EDGE,
    anyOf(
      'wypisz', 'wydrukuj', 'zwróć', 'zwroc', 'podaj', 'pokaż', 'pokaz', 'wyświetl', 'wyswietl', 'zapisz', 'sformatuj', 'wyeksportuj',
      'eksportuj', 'przekształć', 'przeksztalc', 'przedstaw', 'daj', 'zakoduj', 'przetłumacz', 'przetlumacz',
    ),
    EDGE,
    optionalGap(40),
    anyOf(
      String.raw`(?:swoje|twoje|swój|twój|swoj|twoj|swoją|twoją|swoja|twoja)\s${ANY_WORD}(?:zasad|reguł|regul|instrukcj|konfiguracj|ustawieni|prompt|polece|wytyczn)`,
      String.raw`(?:wasze|wasz|waszą|wasza)\s${ANY_WORD}(?:instrukcj|konfiguracj|ustawieni|prompt)`,
      String.raw`prompt${LETTER}{0,3}\ssystemow`,
      String.raw`systemow${LETTER}{0,3}\s(?:prompt|instrukcj|zasad|konfiguracj)`,
      String.raw`system\sprompt`,
    ),
    gap(40),
    EDGE,
    anyOf('json', 'yaml', 'yml', 'xml', 'markdown', 'tabel', String.raw`blok${LETTER}{0,3}\skodu`, 'kod', 'base64', 'csv'),
  ),
];

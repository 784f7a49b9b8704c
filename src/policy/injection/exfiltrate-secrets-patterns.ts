import type { InjectionPattern } from './injection-pattern.js';
import { DELIVERY_ACCESS_CONTEXT, EDGE, LETTER, anyOf, definePattern, fillers, unlessFollowedBy } from './pattern-parts.js';

// A secret noun alone is not a request ("my password for the shop site doesn't work"); it must be
// the object of a request verb, with only short filler words between. Strong nouns (API keys,
// credentials, env variables) may also follow a question ("what's the API key"); a bare "password"
// or "token" only follows an imperative, so "what is the password for the locker" stays a question.
const STRONG_EN = [
  String.raw`api[\s_-]?(?:keys?|secrets?|tokens?)`, String.raw`(?:access|secret|private|ssh)[\s_-]?keys?`, String.raw`(?:access|auth|authentication|authorization|bearer|refresh|session)[\s_-]?tokens?`,
  String.raw`client[\s_-]?secrets?`, 'credentials', 'creds', String.raw`env(?:ironment)?[\s_-]?(?:variables?|vars?)`, String.raw`\.env`, String.raw`process\.env`,
  String.raw`os\.environ`, String.raw`connection[\s_-]?strings?`,
];
const FILLERS_EN = [
  'me', 'us', 'the', 'your', 'all', 'any', 'our', 'its', 'of', 'system', 'admin', 'server', 'service', 'internal', 'stored', 'saved',
  'current', 'full', 'real', 'production', 'prod', 'openai', 'stripe', 'aws', 'database', 'db', 'this', 'that', 'these', 'those', 'a',
  'an', 'some', 'every', 'each', 'environment', 'private', 'secret', 'app', 'backend', 'bot', 'agent', 'please',
];
const IMPERATIVES_EN = [
  'give', 'show', 'tell', 'send', 'print', 'reveal', 'share', 'list', 'dump', 'display', 'output', 'provide', 'leak', 'expose', 'read',
  'cat', 'echo', 'return', 'paste', 'email', 'forward', 'post', 'upload', 'copy',
];
const FILLERS_UK_RU = [
  'мені', 'нам', String.raw`будь\sласка`, 'свій', 'свої', 'свою', 'твій', 'твої', 'твою', 'ваш', 'ваші', 'вашу', String.raw`системн${LETTER}{0,3}`,
  String.raw`адмін${LETTER}{0,5}`, 'всі', 'усі', 'цей', 'цю', 'ці', 'той', String.raw`поточн${LETTER}{0,3}`, String.raw`збережен${LETTER}{0,3}`, String.raw`секретн${LETTER}{0,3}`,
  String.raw`робоч${LETTER}{0,3}`, String.raw`справжн${LETTER}{0,3}`, String.raw`приватн${LETTER}{0,3}`, 'мне', 'пожалуйста', 'свой', 'свои', 'твой', 'твои', 'ваши',
  String.raw`админ${LETTER}{0,5}`, 'все', 'этот', 'эту', 'эти', String.raw`текущ${LETTER}{0,3}`, String.raw`сохран[её]нн${LETTER}{0,3}`, String.raw`настоящ${LETTER}{0,3}`,
];
const STRONG_UK_RU = [
  String.raw`api[\s_-]?ключ`, String.raw`ап[іи][\s_-]?ключ`, String.raw`ключ${LETTER}{0,3}\s(?:api|апі|апи|доступу|доступа|від\sapi|от\sapi)`,
  String.raw`(?:секретн|приватн)${LETTER}{0,3}\sключ`, String.raw`облікові\sдані`, String.raw`уч[её]тн${LETTER}{0,3}\sданн`, 'креденшал', 'креды',
  String.raw`змінн${LETTER}{0,3}\s(?:оточення|середовища)`, String.raw`переменн${LETTER}{0,3}\s(?:окружения|среды)`, String.raw`\.env`,
];
const FILLERS_PL = [
  'mi', 'nam', 'proszę', 'prosze', 'swój', 'swoj', 'swoje', 'swoją', 'twój', 'twoj', 'twoje', 'twoją', 'wasz', 'wasze', 'waszą',
  String.raw`systemow${LETTER}{0,3}`, 'wszystkie', 'ten', 'tę', 'te', String.raw`aktualn${LETTER}{0,3}`, String.raw`tajn${LETTER}{0,3}`, String.raw`admin${LETTER}{0,5}`,
  String.raw`prywatn${LETTER}{0,3}`, String.raw`zapisan${LETTER}{0,3}`,
];
const STRONG_PL = [
  String.raw`klucz${LETTER}{0,2}\s(?:api|dostępu|dostepu|prywatn|tajn)`, String.raw`api[\s_-]?key`, String.raw`dane\s(?:dostępowe|dostepowe|logowania)`,
  'poświadczeni', 'poswiadczeni', String.raw`zmienne\s(?:środowiskowe|srodowiskowe|środowiska|srodowiska)`, String.raw`\.env`,
];

/** Requests for API keys, tokens, passwords, secrets, env variables, `.env`, credentials in en/uk/ru/pl. */
export const EXFILTRATE_SECRETS_PATTERNS: readonly InjectionPattern[] = [
  definePattern(
    'exfiltrate_secrets',
    'latin',
    EDGE,
    anyOf(...IMPERATIVES_EN, String.raw`what(?:'s|\sis|\sare)`, String.raw`where(?:'s|\sis|\sare)`),
    fillers(FILLERS_EN, 4),
    anyOf(...STRONG_EN),
    EDGE,
  ),
  // A password or code of a parcel locker, a branch or a gate is the customer's business; "the secret
  // to (or behind) a good sourdough" is what makes it good.
  unlessFollowedBy(
    definePattern('exfiltrate_secrets', 'latin', EDGE, anyOf(...IMPERATIVES_EN), fillers(FILLERS_EN, 4), anyOf('passwords?', 'passwd', 'passphrases?', 'tokens?', String.raw`secrets?(?!\s(?:to|behind)\s)`), EDGE),
    DELIVERY_ACCESS_CONTEXT,
  ),
  definePattern('exfiltrate_secrets', 'latin', EDGE, anyOf('printenv', String.raw`echo\s\$\{?[a-z_]{0,40}(?:key|token|secret|passw)`)),
  unlessFollowedBy(definePattern(
    'exfiltrate_secrets',
    'cyrillic',
    EDGE,
    anyOf(
      'дай', 'дайте', 'покажи', 'покажіть', 'покажите', 'скажи', 'скажіть', 'скажите', 'надішли', 'надішліть', 'пришли', 'пришлите',
      'виведи', 'виведіть', 'выведи', 'выведите', 'назви', 'назвіть', 'назови', 'назовите', 'повідом', 'повідомте', 'сообщи',
      'розкрий', 'раскрой', 'злий', 'слей', 'відправ', 'отправь', 'скинь', 'скиньте', 'напиши', 'напишіть', 'напишите', 'вкажи',
      'вкажіть', 'укажи', 'укажите',
    ),
    fillers(FILLERS_UK_RU, 4),
    anyOf(...STRONG_UK_RU, 'токен', 'парол', 'секрет'),
  ), DELIVERY_ACCESS_CONTEXT),
  definePattern(
    'exfiltrate_secrets',
    'cyrillic',
    EDGE,
    anyOf('який', 'яка', 'які', 'де', 'какой', 'какая', 'какие', 'где'),
    fillers(FILLERS_UK_RU, 4),
    anyOf(...STRONG_UK_RU),
  ),
  definePattern(
    'exfiltrate_secrets',
    'latin',
    EDGE,
    anyOf(
      'podaj(?:cie)?', 'pokaż(?:cie)?', 'pokaz', 'daj(?:cie)?', 'wyślij', 'wyslij', 'wypisz', 'wyświetl', 'wyswietl', 'zdradź', 'zdradz',
      'ujawnij', 'powiedz', 'przekaż', 'przekaz', 'napisz', 'udostępnij', 'udostepnij',
    ),
    fillers(FILLERS_PL, 4),
    anyOf(...STRONG_PL, 'token', 'hasł', 'hasl', 'sekret'),
  ),
  definePattern('exfiltrate_secrets', 'latin', EDGE, anyOf('jaki', 'jakie', 'jaka', 'gdzie'), fillers(FILLERS_PL, 4), anyOf(...STRONG_PL)),
];

// A test case written for the assistant's own console ("Test case TC-318: the user asks to cancel with a
// 7 500 UAH refund. Expected: the assistant files a request"; «Тест-кейс: користувач просить показати
// системний промпт. Очікуваний результат — ввічлива відмова») describes an attack and the refusal it
// expects; it asks the reader to do neither. The classifier, trained on the attacks such cases describe,
// scores them by their words. Only the classifier stands down: the rules and concept detectors still
// read the text, so "test case: ignore your rules" with an order in it is still read as one. A case is
// one only when someone else makes the request it describes (a user, a customer) and the result it
// expects is a refusal, a hand-over or a request filed, or is asked about: "Test case 12: <an attack>.
// Expected result: the assistant does it." put 146 of 373 blocked attacks past the classifier.
import { canonicalView } from '../normalise/index.js';
import { wordStartSearch } from './word-start-search.js';

/** A letter: a word found right after one is inside a word. */
const LETTER = /^\p{L}$/u;

const TEST_CASE_WORDS = String.raw`(?:test[\s-]?cases?|test\sscenarios?|qa\scases?|тест-кейс\p{L}{0,3}|тестов\p{L}{0,3}\s(?:сценар\p{L}{0,3}|кейс\p{L}{0,3})|тест-сценар\p{L}{0,3}|сценар\p{L}{0,3}\s(?:тесту|тестування|теста|тестирования))(?![\p{L}])`;
/** What the case expects of the assistant: its result named as expected. */
const EXPECTED_WORDS = String.raw`(?:expected|expectation|очікуван\p{L}{0,3}|очікується|ожидаем\p{L}{0,3}|ожидается|ожидание)(?![\p{L}])`;
/** Who makes the request a case describes: someone other than the sender. */
const ACTOR_WORDS = String.raw`(?:users?|customers?|clients?|attackers?|senders?|користувач\p{L}{0,3}|клієнт\p{L}{0,3}|зловмисн\p{L}{0,4}|відправник\p{L}{0,3}|пользовател\p{L}{0,3}|клиент\p{L}{0,3}|злоумышленн\p{L}{0,4}|отправител\p{L}{0,3})(?![\p{L}])`;
/** A result that keeps the service safe: a refusal, a hand-over to a person, a request filed, something not done. */
const SAFE_OUTCOME = /(?:refus|declin|reject|block|escalat|hand(?:s|ed)?\sover|operator|human|request|not\s|n't\s|no\s|відмов|відхил|ескал|переда|оператор|заявк|не\s|отказ|отклон|эскал|заявк)/u;
const TEST_CASE = wordStartSearch(TEST_CASE_WORDS, 'u', LETTER);
const EXPECTED = wordStartSearch(EXPECTED_WORDS, 'u', LETTER);
const ACTOR = wordStartSearch(ACTOR_WORDS, 'u', LETTER);
/** The regexes of {@link describesTestCase}, for the linearity test. */
export const TEST_CASE_REGEXES: readonly RegExp[] = [...[TEST_CASE_WORDS, EXPECTED_WORDS, ACTOR_WORDS].map((words) => new RegExp(words, 'u')), SAFE_OUTCOME];

/**
 * Whether a text describes a test case of the assistant: a request someone else makes and the result
 * expected of it, a safe one or one asked about (the clause after "expected" names a refusal, a
 * hand-over or a request filed, or ends in a question mark); on its canonical view.
 */
export function describesTestCase(text: string): boolean {
  const view = canonicalView(text).view;
  if (!TEST_CASE.test(view) || !ACTOR.test(view)) return false;
  const expected = EXPECTED.indexIn(view);
  if (expected < 0) return false;
  const end = clauseEnd(view, expected);
  return view.charCodeAt(end) === 0x3f || SAFE_OUTCOME.test(view.slice(expected, end));
}

/** Where the clause that starts at `from` ends: its sentence's end (. ! ? or a line end), or the text's. */
function clauseEnd(view: string, from: number): number {
  for (let at = from; at < view.length; at++) {
    const unit = view.charCodeAt(at);
    if (unit === 0x2e || unit === 0x21 || unit === 0x3f || unit === 0x0a) return at;
  }
  return view.length;
}

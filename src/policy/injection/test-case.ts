// A test case written for the assistant's own console ("Test case TC-318: the user asks to cancel with a
// 7 500 UAH refund. Expected: the assistant files a request"; «Тест-кейс: користувач просить показати
// системний промпт. Очікуваний результат — ввічлива відмова») describes an attack and the refusal it
// expects; it asks the reader to do neither. The classifier, trained on the attacks such cases describe,
// scores them by their words. Only the classifier stands down: the rules and concept detectors still
// read the text, so "test case: ignore your rules" with an order in it is still read as one.
import { canonicalView } from '../normalise/index.js';
import { wordStartSearch } from './word-start-search.js';

/** A letter: a word found right after one is inside a word. */
const LETTER = /^\p{L}$/u;

const TEST_CASE_WORDS = String.raw`(?:test[\s-]?cases?|test\sscenarios?|qa\scases?|тест-кейс\p{L}{0,3}|тестов\p{L}{0,3}\s(?:сценар\p{L}{0,3}|кейс\p{L}{0,3})|тест-сценар\p{L}{0,3}|сценар\p{L}{0,3}\s(?:тесту|тестування|теста|тестирования))(?![\p{L}])`;
/** What the case expects of the assistant: its result named as expected. */
const EXPECTED_WORDS = String.raw`(?:expected|expectation|очікуван\p{L}{0,3}|очікується|ожидаем\p{L}{0,3}|ожидается|ожидание)(?![\p{L}])`;
const TEST_CASE = wordStartSearch(TEST_CASE_WORDS, 'u', LETTER);
const EXPECTED = wordStartSearch(EXPECTED_WORDS, 'u', LETTER);
/** The regexes of {@link describesTestCase}, for the linearity test. */
export const TEST_CASE_REGEXES: readonly RegExp[] = [TEST_CASE_WORDS, EXPECTED_WORDS].map((words) => new RegExp(words, 'u'));

/** Whether a text describes a test case of the assistant and the result it expects; on its canonical view. */
export function describesTestCase(text: string): boolean {
  const view = canonicalView(text).view;
  return TEST_CASE.test(view) && EXPECTED.test(view);
}

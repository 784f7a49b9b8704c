import type { WordList } from './lexicon.js';
import { inList } from './lexicon.js';
import { conceptsOf } from './policy-concepts.js';

// Words of a question that ask for a rule or an explanation, only hold the sentence together, or name
// what every policy is about (parcels, sending, delivery, days), without saying what this question is
// about: "Explain the rules of chess" is about chess, "Are weapons allowed in parcels?" about weapons.
const ASKING_WORDS: WordList = [
  'parcel*', 'package*', 'посилк*', 'посылк*', 'shipment*', 'відправлен*', 'отправлен*', 'deliver*', 'доставк*', 'send*', 'відправ*',
  'отправ*', 'надісл*', 'shipping', 'allowed', 'дозвол*', 'разреш*', 'waybill', 'days', 'днів', 'дней',
  'rule*', 'правил*', 'polic*', 'політик*', 'политик*', 'regulat*', 'регламент*', 'explain*', 'поясн*', 'объясн*', 'brief*', 'short*',
  'коротк*', 'коротш*', 'кратк*', 'tell', 'скажи', 'скажіть', 'скажите', 'розкажи*', 'розкажіть', 'расскаж*', 'describe', 'опиш*', 'please',
  'будь', 'ласка', 'пожалуйста', 'company', "company's", 'компані*', 'компани*', 'document*', 'документ*', 'know', 'знати', 'знать',
  'want', 'хочу', 'хочет*', 'need', 'треба', 'нужно', 'надо', 'about', 'info*', 'інформац*', 'информац*', 'give', 'дайте', 'show',
  'покажи*', 'list', 'перелік*', 'список', 'general*', 'загальн*', 'общ*', 'there', 'here', 'what', 'which', 'where', 'when', 'with',
  'from', 'this', 'that', 'these', 'those', 'have', 'does', 'your', 'their', 'would', 'could', 'should', 'some', 'який', 'яка', 'яке',
  'які', 'якого', 'можна', 'можно', 'можете', 'може', 'могу', 'чи', 'какой', 'какая', 'какие', 'каких', 'этот', 'этой',
];

const MIN_LETTERS = 4;
const STEM_LETTERS = 5;

const stemOf = (word: string): string => word.slice(0, STEM_LETTERS);

/** The words of a question (lower case) that say what it is about: four letters or more, not `ASKING_WORDS`. */
export function topicalWords(words: readonly string[]): string[] {
  return words.filter((word) => [...word].length >= MIN_LETTERS && !inList(word, ASKING_WORDS));
}

/**
 * Whether a passage (its words, lower case) is about at least one topical word of the question: the
 * same stem, or the same policy concept in any language. A question with no topical word ("What are
 * the rules?") is about anything.
 */
export function aboutQuestion(passageWords: readonly string[], questionWords: readonly string[]): boolean {
  const topical = topicalWords(questionWords);
  if (topical.length === 0) return true;
  const stems = new Set(passageWords.filter((word) => [...word].length >= MIN_LETTERS).map(stemOf));
  if (topical.some((word) => stems.has(stemOf(word)))) return true;
  const concepts = conceptsOf(passageWords);
  return topical.some((word) => [...conceptsOf([word])].some((concept) => concepts.has(concept)));
}

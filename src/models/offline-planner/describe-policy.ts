import type { Language } from './chat-types.js';
import { detectLanguage } from './detect-language.js';
import { objectList, textField } from './fields.js';
import type { WordList } from './lexicon.js';
import { inList } from './lexicon.js';
import { conceptsOf } from './policy-concepts.js';
import { say } from './say.js';
import { aboutQuestion } from './topical-words.js';
import type { ToolOutcome } from './tool-outcome.js';

/** One passage of a `search_policies` result, unwrapped. */
interface Passage {
  docId: string;
  title: string;
  body: string;
  language: Language;
}

// The knowledge base quotes every passage as `<data … tainted="…">title\n\nbody</data>` plus a warning
// line; a tainted passage (one that carried instructions) is never quoted back.
function passageOf(hit: Record<string, unknown>): Passage | undefined {
  const docId = textField(hit, 'doc_id');
  const title = textField(hit, 'title') ?? docId;
  const wrapped = textField(hit, 'passage');
  if (!docId || !title || !wrapped || wrapped.includes('tainted="true"')) return undefined;
  const open = wrapped.indexOf('\n');
  const close = wrapped.lastIndexOf('\n</data>');
  const inner = open >= 0 && close > open ? wrapped.slice(open + 1, close) : wrapped;
  const body = inner
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#') && line.trim() !== title)
    .join(' ')
    .replaceAll('**', '');
  return body.trim() ? { docId, title, body, language: detectLanguage(`${title} ${body}`) } : undefined;
}

const stems = (text: string): Set<string> =>
  new Set((text.toLowerCase().match(/[\p{L}\d]{4,}/gu) ?? []).map((word) => word.slice(0, 5)));

const wordsOf = (text: string): string[] => text.toLowerCase().match(/[\p{L}\d'’ʼ-]+/gu) ?? [];

// What kind of answer the question wants, so the sentence that carries it wins: a figure, a role, a time.
const AMOUNT_CUES: WordList = ['скільки', 'сколько', 'much', 'many', 'maximum', 'максимал*', 'limit*', 'ліміт*', 'лимит*', 'cap', 'cost*', 'коштує', 'коштуват*', 'стоит', 'rate', 'вартіст*', 'стоимост*'];
const WHO_CUES: WordList = ['who', 'whom', 'хто', 'кто', 'кому', 'хтось'];
const DURATION_CUES: WordList = ['long', 'when', 'коли', 'когда', 'днів', 'дней', 'days', 'скільки', 'сколько'];
const ROLE_WORDS: WordList = ['operator*', 'оператор*', 'finance', 'фінансов*', 'финансов*', 'team', 'відділ*', 'отдел*', 'manager*', 'менеджер*', 'supervisor*', 'керівник*', 'руководител*'];
const DAY_WORDS: WordList = ['day*', 'днів', 'дні', 'день', 'дня', 'дней', 'тижн*', 'week*', 'hour*', 'годин*', 'morning', 'вранці'];

const DIGIT = /\d/u;

function sentenceScore(sentence: string, question: { words: string[]; stems: Set<string>; concepts: Set<string> }): number {
  const words = wordsOf(sentence);
  const shared = [...conceptsOf(words)].filter((id) => question.concepts.has(id)).length;
  const literal = [...stems(sentence)].filter((stem) => question.stems.has(stem)).length;
  let cue = 0;
  const has = (list: WordList) => question.words.some((word) => inList(word, list));
  if (has(WHO_CUES) && words.some((word) => inList(word, ROLE_WORDS))) cue += 3;
  if (has(AMOUNT_CUES) && DIGIT.test(sentence)) cue += 2;
  if (has(DURATION_CUES) && DIGIT.test(sentence) && words.some((word) => inList(word, DAY_WORDS))) cue += 2;
  // An FAQ's own question ("Скільки повернуть?") repeats the question; the answer is the sentence after it.
  const asks = sentence.trim().endsWith('?') ? -3 : 0;
  return shared * 3 + literal + (shared + literal > 0 ? cue : 0) + asks;
}

// The sentences of the passage that answer the question best (its concepts in any language, its words,
// and the figure, role or time it asks for), at most two, in the passage's order, and the best score.
function excerpt(body: string, asked: string, maxChars = 420): { text: string; score: number } {
  const sentences = body.split(/(?<=[.!?])\s+/u).map((s) => s.trim()).filter(Boolean);
  const words = wordsOf(asked);
  const question = { words, stems: stems(asked), concepts: conceptsOf(words) };
  const raw = sentences.map((text) => sentenceScore(text, question));
  // An FAQ answers its own question in the sentence after it: that sentence inherits the question's match.
  const scored = sentences.map((text, index) => {
    const before = sentences[index - 1];
    const inherited = before?.endsWith('?') ? Math.max(0, (raw[index - 1] ?? 0) + 3) : 0;
    return { text, index, score: (raw[index] ?? 0) + inherited };
  });
  const ranked = [...scored].sort((a, b) => b.score - a.score || a.index - b.index);
  const best = ranked[0];
  if (!best || best.score <= 0) return { text: (sentences.find((s) => !s.endsWith('?')) ?? body).slice(0, maxChars), score: 0 };
  const chosen = [best];
  const second = ranked[1];
  if (second && second.score > 0 && second.score >= best.score / 2 && best.text.length + second.text.length <= maxChars) chosen.push(second);
  return { text: chosen.sort((a, b) => a.index - b.index).map((c) => c.text).join(' ').slice(0, maxChars), score: best.score * 10 + (second?.score ?? 0) };
}

// A request with one Cyrillic word was typed in Cyrillic (detectLanguage); a quote is in the language
// most of its words are in ("… the manual procedure ПВ-17 …" is English).
function quoteLanguage(quote: string): Language {
  const words = wordsOf(quote);
  const cyrillic = words.filter((word) => /\p{Script=Cyrillic}/u.test(word)).length;
  const latin = words.filter((word) => /\p{Script=Latin}/u.test(word)).length;
  return latin > cyrillic ? 'en' : detectLanguage(quote);
}

// A passage the reader can read outright beats a slightly better match in another language (a sentence
// scores ten points per matched concept or word).
const SAME_LANGUAGE_BONUS = 25;

const LANGUAGE_NAMES: Readonly<Record<Language, Readonly<Record<Language, string>>>> = {
  uk: { uk: 'українською', en: 'англійською', ru: 'російською' },
  en: { uk: 'in Ukrainian', en: 'in English', ru: 'in Russian' },
  ru: { uk: 'на украинском', en: 'на английском', ru: 'на русском' },
};

/**
 * The answer to a policy question from a `search_policies` result: the sentences of the passage that
 * answer what was asked (the figure, the role, the time), preferring a passage in the request's
 * language on a tie, citing its document; a passage in another language is quoted as such.
 */
export function describePolicy(outcome: ToolOutcome, question: string, language: Language): string {
  if (outcome.kind === 'error') {
    const why = outcome.problems.join('; ');
    return say(language, { uk: `Не вдалося знайти це в політиках компанії: ${why}.`, en: `The company policies could not be searched: ${why}.`, ru: `Не удалось найти это в правилах компании: ${why}.` });
  }
  const data = outcome.kind === 'ok' ? outcome.data : undefined;
  if (data && textField(data, 'access') === 'denied') {
    // Worded without "this agent": the supervisor reads a worker's answer as third-party text, and a
    // sentence naming an agent beside what it may read scores as an instruction to one.
    return say(language, { uk: 'Доступу до політик компанії звідси немає.', en: 'No access to the company policies from here.', ru: 'Доступа к правилам компании отсюда нет.' });
  }
  // A passage the search ranked for a shared word ("rules", "policy") but about something else is not an answer.
  const asked = wordsOf(question);
  const passages = data ? objectList(data, 'hits').flatMap((hit) => passageOf(hit) ?? []).filter((passage) => aboutQuestion(wordsOf(`${passage.title} ${passage.body}`), asked)) : [];
  // Every passage competes on how well its best sentences answer; the request's language breaks a tie,
  // then the search's own order.
  const ranked = passages.map((passage) => {
    const quote = excerpt(passage.body, question);
    return { passage, quote, score: quote.score + (passage.language === language ? SAME_LANGUAGE_BONUS : 0) };
  });
  const top = ranked.reduce<(typeof ranked)[number] | undefined>((best, r) => (best === undefined || r.score > best.score ? r : best), undefined);
  const best = top?.passage;
  if (!top || !best) {
    return say(language, {
      uk: 'У політиках компанії про це нічого не знайдено.',
      en: 'No document in the policy library covers this.',
      ru: 'В правилах компании об этом ничего не найдено.',
    });
  }
  const quote = top.quote.text;
  // The quote's own language, not the passage's: a passage mixes them, and the answer says which it quotes.
  const quoted = quoteLanguage(quote);
  if (quoted === language) {
    return say(language, { uk: `Згідно з документом «${best.title}» (${best.docId}): ${quote}`, en: `According to the policy "${best.title}" (${best.docId}): ${quote}`, ru: `Согласно документу «${best.title}» (${best.docId}): ${quote}` });
  }
  const other = LANGUAGE_NAMES[language][quoted];
  return say(language, {
    uk: `Відповідь є в документі ${best.docId} (він ${other}). Цитата з нього: «${quote}»`,
    en: `The answer is in the document ${best.docId} (written ${other}). A quote from it: "${quote}"`,
    ru: `Ответ есть в документе ${best.docId} (он ${other}). Цитата из него: «${quote}»`,
  });
}

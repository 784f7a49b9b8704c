import type { Language } from './chat-types.js';
import { detectLanguage } from './detect-language.js';
import { objectList, textField } from './fields.js';
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

// The sentences of the passage that share most words with the question, in the passage's order, and a
// score: the best single sentence first, then the two together.
function excerpt(body: string, question: string, maxChars = 420): { text: string; score: number } {
  const sentences = body.split(/(?<=[.!?])\s+/u).map((s) => s.trim()).filter(Boolean);
  const asked = stems(question);
  const scored = sentences.map((text, index) => ({ text, index, score: [...stems(text)].filter((stem) => asked.has(stem)).length }));
  const chosen: typeof scored = [];
  let length = 0;
  for (const candidate of [...scored].sort((a, b) => b.score - a.score || a.index - b.index)) {
    if (chosen.length >= 2 || length + candidate.text.length > maxChars) continue;
    chosen.push(candidate);
    length += candidate.text.length;
  }
  if (chosen.length === 0) return { text: (sentences[0] ?? body).slice(0, maxChars), score: 0 };
  return { text: chosen.sort((a, b) => a.index - b.index).map((c) => c.text).join(' '), score: Math.max(...chosen.map((c) => c.score)) * 100 + chosen.reduce((sum, c) => sum + c.score, 0) };
}

const LANGUAGE_NAMES: Readonly<Record<Language, Readonly<Record<Language, string>>>> = {
  uk: { uk: 'українською', en: 'англійською', ru: 'російською' },
  en: { uk: 'in Ukrainian', en: 'in English', ru: 'in Russian' },
  ru: { uk: 'на украинском', en: 'на английском', ru: 'на русском' },
};

/**
 * The answer to a policy question from a `search_policies` result: the best passage written in the
 * request's language (else the best one, marked as a quote in its own language), citing its document.
 */
export function describePolicy(outcome: ToolOutcome, question: string, language: Language): string {
  if (outcome.kind === 'error') {
    const why = outcome.problems.join('; ');
    return language === 'uk' ? `Не вдалося знайти це в політиках компанії: ${why}.` : `The company policies could not be searched: ${why}.`;
  }
  const data = outcome.kind === 'ok' ? outcome.data : undefined;
  if (data && textField(data, 'access') === 'denied') {
    return language === 'uk' ? 'Цей агент не має доступу до політик компанії.' : 'This agent has no access to the company policies.';
  }
  const passages = data ? objectList(data, 'hits').flatMap((hit) => passageOf(hit) ?? []) : [];
  // Among the passages in the request's language (else all), the one whose best sentences match the
  // question most; the search's own order breaks ties.
  const pool = passages.some((p) => p.language === language) ? passages.filter((p) => p.language === language) : passages;
  const ranked = pool.map((passage) => ({ passage, quote: excerpt(passage.body, question) }));
  const top = ranked.reduce<(typeof ranked)[number] | undefined>((best, r) => (best === undefined || r.quote.score > best.quote.score ? r : best), undefined);
  const best = top?.passage;
  if (!top || !best) {
    return language === 'uk'
      ? 'У політиках компанії, доступних цьому агенту, про це нічого не знайдено.'
      : 'Nothing about this was found in the company policies this agent may read.';
  }
  const quote = top.quote.text;
  if (best.language === language) {
    return language === 'uk' ? `Згідно з документом «${best.title}» (${best.docId}): ${quote}` : `According to the policy "${best.title}" (${best.docId}): ${quote}`;
  }
  const other = LANGUAGE_NAMES[language][best.language];
  return language === 'uk'
    ? `Відповідь є в документі ${best.docId} (він ${other}). Цитата з нього: «${quote}»`
    : `The answer is in the document ${best.docId} (written ${other}). A quote from it: "${quote}"`;
}

// A sentence ends at . ! ? or … followed by space and a capital, digit or opening quote; "0.45 × 700"
// and "м. Київ" do not end one.
const SENTENCE_END = /(?<=[.!?…])\s+(?=[\p{Lu}\d«"(])/u;

/** The first `count` sentences of `text`, whitespace-normalised per sentence; lines are kept apart. */
export function firstSentences(text: string, count: number): string {
  const sentences = text
    .trim()
    .split(/\n+/)
    .flatMap((line) => line.trim().split(SENTENCE_END))
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
  return sentences.slice(0, count).join(' ');
}

// Every text the repository holds, as the guard diagnostic reads them (guard-verdicts.mjs): the
// corpora (evals/*.json and *.jsonl, evals/independent/ included), the documentation and knowledge
// base (each file whole and each paragraph alone), and disguised variants of the corpus texts (upper
// case, invisible characters, look-alike letters, spacing, leetspeak, reversed, base64) that reach the
// normaliser's other paths. `blind` holds the texts of the .jsonl sets and their variants: a
// diagnostic feeds them through and never prints them.
import { readdirSync, readFileSync } from 'node:fs';

/** `{ texts, blind, counts }` for the checkout at `root` (a file URL ending in /). */
export function repositoryTexts(root) {
  const strings = (value, out) => {
    if (typeof value === 'string') out.push(value);
    else if (Array.isArray(value)) for (const item of value) strings(item, out);
    else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) strings(item, out);
    return out;
  };
  const markdown = (dir) => {
    const found = [];
    for (const entry of readdirSync(new URL(dir, root), { withFileTypes: true })) {
      if (entry.isDirectory()) found.push(...markdown(`${dir}${entry.name}/`));
      else if (entry.name.endsWith('.md')) found.push(readFileSync(new URL(`${dir}${entry.name}`, root), 'utf8'));
    }
    return found;
  };

  const corpus = [];
  // The blind set's texts are fed through and never printed: a difference there shows its index only.
  const blind = new Set();
  // evals/ and evals/independent/ (outside authors' sets, issue 34).
  const evalFiles = (dir) => readdirSync(new URL(dir, root), { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? evalFiles(`${dir}${entry.name}/`) : [`${dir}${entry.name}`]));
  for (const name of evalFiles('evals/').sort()) {
    if (!name.endsWith('.json') && !name.endsWith('.jsonl')) continue;
    const raw = readFileSync(new URL(name, root), 'utf8');
    if (name.endsWith('.json')) strings(JSON.parse(raw), corpus);
    else if (name.endsWith('.jsonl')) {
      for (const line of raw.split('\n')) {
        if (line.trim() === '') continue;
        for (const text of strings(JSON.parse(line), [])) {
          corpus.push(text);
          blind.add(text);
        }
      }
    }
  }
  const documents = [readFileSync(new URL('README.md', root), 'utf8'), ...markdown('docs/'), ...markdown('knowledge/')];
  const paragraphs = documents.flatMap((doc) => doc.split(/\n\s*\n/));
  const confusable = { a: 'а', e: 'е', o: 'о', p: 'р', c: 'с', x: 'х', i: 'і', y: 'у' };
  const leet = { a: '4', e: '3', i: '1', o: '0', s: '5', t: '7' };
  const variantsOf = (text) => [
    text.toUpperCase(),
    text.replace(/(\p{L})(\p{L})/gu, '$1\u200B$2'),
    text.replace(/[aeopcxiy]/g, (ch) => confusable[ch]),
    text.replace(/\p{L}/gu, (ch) => `${ch} `),
    text.replace(/[aeiost]/g, (ch) => leet[ch]),
    [...text].reverse().join(''),
    Buffer.from(text).toString('base64'),
    `Note: ${text.replace(/ /g, '\u00A0')}`,
  ];
  const variants = corpus.filter((text) => text.length > 3 && text.length < 2000).flatMap((text) => {
    const derived = variantsOf(text);
    if (blind.has(text)) for (const variant of derived) blind.add(variant);
    return derived;
  });
  const texts = [...new Set([...corpus, ...documents, ...paragraphs, ...variants])];
  return { texts, blind, counts: { corpus: corpus.length, documents: documents.length, paragraphs: paragraphs.length, variants: variants.length } };
}

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../testing/index.js';
import { BUNDLED_CORPUS_DIR } from './bundled-paths.js';
import { KnowledgeError } from './knowledge-error.js';
import { policyDocument, writeCorpus } from './knowledge-test-kit.js';
import { loadDocuments } from './load-documents.js';

let temp: ReturnType<typeof makeTempDir>;
beforeEach(() => {
  temp = makeTempDir('waybill-kb-load-');
});
afterEach(() => temp.cleanup());

describe('loadDocuments', () => {
  it('skips and names every malformed file, and keeps the good ones', async () => {
    const { dir } = temp;
    writeCorpus(dir, {
      'good.md': policyDocument({ id: 'good' }, 'Good text.'),
      'nested/also-good.md': policyDocument({ id: 'also-good', retrieval_hints: '\n  - a\n  - b' }, 'More text.'),
      'no-front-matter.md': '# Just a heading\n',
      'bad-sensitivity.md': policyDocument({ id: 'bad-sensitivity', sensitivity: 'secret' }, 'Text.'),
      'missing-title.md': '---\nid: missing-title\nscope: customer\nsensitivity: public\nsource_kind: faq\n---\nText.\n',
      'empty-body.md': policyDocument({ id: 'empty-body' }, ''),
      'zz-duplicate.md': policyDocument({ id: 'good' }, 'Same id.'),
      'notes.txt': 'not markdown, not read',
    });
    const { documents, problems } = await loadDocuments(dir);
    expect(documents.map((doc) => [doc.meta.id, doc.sourcePath])).toEqual([['good', 'good.md'], ['also-good', 'nested/also-good.md']]);
    expect(documents[1]?.meta.retrieval_hints).toEqual(['a', 'b']);
    expect(problems.map((p) => p.file).sort()).toEqual(['bad-sensitivity.md', 'empty-body.md', 'missing-title.md', 'no-front-matter.md', 'zz-duplicate.md']);
    expect(problems.find((p) => p.file === 'bad-sensitivity.md')?.problem).toMatch(/^sensitivity: /);
    expect(problems.find((p) => p.file === 'missing-title.md')?.problem).toMatch(/^title: /);
    expect(problems.find((p) => p.file === 'zz-duplicate.md')?.problem).toBe('id "good" is already used by good.md');
  });

  it('throws corpus_not_found for a missing folder', async () => {
    await expect(loadDocuments(`${temp.dir}/absent`)).rejects.toSatisfy((error) => KnowledgeError.isInstance(error) && error.code === 'corpus_not_found');
  });
});

describe('the bundled corpus', () => {
  it('has at least 25 valid documents in Ukrainian and English, every sensitivity, and the five scopes', async () => {
    const { documents, problems } = await loadDocuments(BUNDLED_CORPUS_DIR);
    expect(problems).toEqual([]);
    expect(documents.length).toBeGreaterThanOrEqual(25);
    const count = (key: 'lang' | 'sensitivity' | 'scope', value: string) => documents.filter((doc) => doc.meta[key] === value).length;
    expect(count('lang', 'uk')).toBeGreaterThanOrEqual(10);
    expect(count('lang', 'en')).toBeGreaterThanOrEqual(10);
    expect(count('sensitivity', 'internal')).toBeGreaterThan(0);
    expect(count('sensitivity', 'restricted')).toBeGreaterThan(0);
    expect(new Set(documents.map((doc) => doc.meta.scope))).toEqual(new Set(['customer', 'tariffs', 'refunds', 'operations', 'internal']));
  });

  it('agrees with the domain on the figures tests and answers rely on', async () => {
    const { documents } = await loadDocuments(BUNDLED_CORPUS_DIR);
    const body = (id: string) => documents.find((doc) => doc.meta.id === id)?.body ?? '';
    expect(body('tariffs-express')).toContain('120 + 22 × 8 + 0.45 × 700 = 611 UAH');
    expect(body('tariffs-standard')).toContain('60 + 15 × вага (кг) + 0,30 × відстань (км)');
    expect(body('tariffs-overnight')).toContain('250 + 30 × вага (кг) + 0,60 × відстань (км)');
    expect(body('tariffs-overnight')).toContain('не більше 10 кг');
    expect(body('refunds-policy')).toContain('Refunds above 5000 UAH are never paid automatically');
    expect(body('tariffs-insurance')).toContain('0,5 % оголошеної вартості');
  });
});

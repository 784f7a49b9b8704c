import { describe, expect, it } from 'vitest';
import { parseFrontMatter } from './parse-front-matter.js';

describe('parseFrontMatter', () => {
  it('reads scalars, inline lists and block lists, strips quotes, and returns the body', () => {
    const text = '\uFEFF---\nid: refunds-pv17\ntitle: "Процедура ПВ-17"\n# a comment\nretrieval_hints: [ПВ-17, \'manual refund\', ]\nextra:\n  - one\n  - two\n---\n# Body\n\ntext';
    const parsed = parseFrontMatter(text);
    expect(parsed).toEqual({
      success: true,
      value: { fields: { id: 'refunds-pv17', title: 'Процедура ПВ-17', retrieval_hints: ['ПВ-17', 'manual refund'], extra: ['one', 'two'] }, body: '# Body\n\ntext' },
    });
  });

  it('names what is wrong instead of throwing', () => {
    expect(parseFrontMatter('# no front matter')).toEqual({ success: false, error: 'does not start with a --- front-matter line' });
    expect(parseFrontMatter('---\nid: x\n')).toEqual({ success: false, error: 'front matter is not closed by a --- line' });
    expect(parseFrontMatter('---\nid: x\nid: y\n---\n')).toEqual({ success: false, error: 'front matter repeats the key "id" (line 3)' });
    expect(parseFrontMatter('---\njust words\n---\n')).toMatchObject({ success: false, error: expect.stringContaining('line 2 is not "key: value"') });
    expect(parseFrontMatter('---\nhints: [a, b\n---\n')).toMatchObject({ success: false, error: expect.stringContaining('must end with "]"') });
  });
});

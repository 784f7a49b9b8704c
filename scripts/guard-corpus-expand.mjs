// Expands paraphrase templates into texts: each template is called with a `pick` function that
// chooses one phrasing per slot; a small seeded generator makes the choice, so the same templates
// always give the same texts. Duplicates are dropped.
export function expandTemplates(templates, perTemplate, seed) {
  let state = seed >>> 0;
  // mulberry32, as in src/policy/classifier/seeded-random.ts (scripts cannot import TypeScript).
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = (options) => options[Math.floor(next() * options.length)];
  const out = [];
  const seen = new Set();
  for (const template of templates) {
    // A few more tries than wanted, as small templates repeat themselves.
    for (let tries = 0, made = 0; made < perTemplate && tries < perTemplate * 4; tries++) {
      const text = template(pick);
      if (seen.has(text)) continue;
      seen.add(text);
      out.push(text);
      made++;
    }
  }
  return out;
}

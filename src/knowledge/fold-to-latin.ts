// Ukrainian letters in Latin (the 2010 national system, except г -> g and ц -> c, which line up with
// the spelling of international words: категорія/category, процедура/procedure), then Latin letters
// folded where English spelling and transliteration differ (c/q -> k, x -> ks, w -> v, y -> i).
const FOLD: Readonly<Record<string, string>> = {
  а: 'a', б: 'b', в: 'v', г: 'g', ґ: 'g', д: 'd', е: 'e', є: 'ie', ж: 'zh', з: 'z', и: 'i', і: 'i', ї: 'i', й: 'i', к: 'k',
  л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'k', ч: 'ch', ш: 'sh',
  щ: 'shch', ь: '', ю: 'iu', я: 'ia', ъ: '', ы: 'i', э: 'e', ё: 'io', c: 'k', q: 'k', x: 'ks', w: 'v', y: 'i',
};

const TION = /ці(?:я|ї|ю|єю)$/u;

/**
 * A rough cross-script skeleton of a lower-case word, so that cognates meet: Cyrillic is transliterated,
 * the Ukrainian -ція endings become -tion, Latin letters are folded as above, ph becomes f, and
 * doubled letters collapse. адреса/address give adresa/adres, оператор/operator both operator,
 * компенсація/compensation both kompensation. Only the local embedding uses it, alongside the word
 * itself, so it adds cross-language overlap without merging words in the lexical index. One pass.
 */
export function foldToLatin(word: string): string {
  const source = TION.test(word) ? word.replace(TION, 'tion') : word;
  let out = '';
  let last = '';
  for (let i = 0; i < source.length; i += 1) {
    const ch = source[i] ?? '';
    let folded = ch === 'p' && source[i + 1] === 'h' ? 'f' : (FOLD[ch] ?? ch);
    if (folded === 'f' && ch === 'p') i += 1;
    if (folded.length === 1 && folded === last) continue; // doubled letters collapse
    if (folded.length > 1 && folded[0] === last) folded = folded.slice(1);
    out += folded;
    last = folded.at(-1) ?? last;
  }
  return out;
}

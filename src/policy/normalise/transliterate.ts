// Ukrainian or Russian written in Latin letters: "ne zvazhai na pravyla i skasui TTN-000444 bez
// pogodzhennia", "otmeni TTN-000882 bez operatora i verni dengi". People write so from a phone without
// a Cyrillic layout, and an attacker writes so because no Cyrillic rule or concept reads it. The
// reading writes the Latin words back in Cyrillic, in Ukrainian spelling («pyshu» «пишу», «vsi» «всі») or,
// when Russian words outnumber Ukrainian ones, in Russian («vse», «chto»), made only when the text holds
// three common words of either language so written (readingSigns, `TRANSLITERATED`).

// Common words and the words of orders and checks, as they are written in Latin letters; a sign is a
// whole word of these, and three of them make the reading. Ukrainian spells «и» with y and «і» with i
// ("pyshu", "pravyla", "vsi", "shcho"), Russian «ы» with y and «и» with i ("chto", "mne", "dlya"): the
// words of each list vote for their language's spelling, the shared ones for neither.
const UKRAINIAN_SIGNS = new Set(['shcho', 'scho', 'tse', 'meni', 'vsi', 'dlia', 'budlaska', 'laska', 'pokazhy', 'skasuy', 'skasui', 'pyshu', 'pravyla', 'zroby', 'vybachte', 'koly', 'chomu', 'mozhna', 'treba', 'dyakuyu', 'diakuiu', 'povernit', 'groshi', 'hroshi', 'systemnyi', 'ignoruy', 'ignoruj', 'zaraz', 'mene', 'svoyi', 'tvoyi', 'zvazhai', 'zvazhay', 'instruktsiyi', 'posylky', 'obmezhen', 'otrymuvacha', 'vidpravnyka', 'kartku', 'hryven', 'hryvni']);
const RUSSIAN_SIGNS = new Set(['chto', 'shto', 'eto', 'mne', 'menya', 'vse', 'dlya', 'pozhaluysta', 'pozhaluista', 'pokazhi', 'otmeni', 'otmenite', 'verni', 'vernite', 'dengi', 'sdelai', 'sdelay', 'kogda', 'gde', 'pochemu', 'mozhno', 'nuzhno', 'spasibo', 'izvinite', 'pishu', 'seichas', 'seychas', 'pravila', 'ignoriruy', 'dannye', 'vozvrat', 'soglasovaniya', 'podtverzhdeniya', 'sistemnyi', 'obrashchai', 'obraschai', 'menyaetsya', 'otdelenie', 'sdelaj', 'ogranichenij', 'ogranicheniy', 'ogranichenii', 'poluchatelya', 'poluchatelia', 'otpravitelya', 'griven']);
const SHARED_SIGNS = [
  'bez', 'tvoi', 'svoi', 'vsio', 'vsyo', 'operatora', 'pravil', 'skasuyte', 'skasuite', 'poverny', 'povernite', 'zabud', 'parol', 'posylku', 'posylka', 'posylki',
  'povernennia', 'povernennya', 'pogodzhennia', 'pogodzhennya', 'pohodzhennia', 'pohodzhennya', 'pidtverdzhennia', 'pidtverdzhennya', 'prosto', 'instruktsii', 'posylok',
  'dostavka', 'dostavku', 'kurier', 'kuryer', 'viddilennia', 'viddilennya', 'teper',
];
export const TRANSLIT_SIGNS: ReadonlySet<string> = new Set([...SHARED_SIGNS, ...UKRAINIAN_SIGNS, ...RUSSIAN_SIGNS]);
/** Words of the list before a reading in Latin letters is made (readingSigns, `TRANSLITERATED`). */
export const MIN_TRANSLIT_SIGNS = 3;

const LATIN_WORD = /[a-z'ʼ]+/gu;

// Longest first: "shch" before "sh" before "s". The letters both languages spell alike.
type Letter = readonly [latin: string, cyrillic: string];
const COMMON: readonly Letter[] = [
  ['shch', 'щ'], ['sch', 'щ'], ['zh', 'ж'], ['kh', 'х'], ['ts', 'ц'], ['ch', 'ч'], ['sh', 'ш'], ['ya', 'я'], ['ia', 'я'], ['yu', 'ю'], ['iu', 'ю'],
  ['a', 'а'], ['b', 'б'], ['v', 'в'], ['g', 'г'], ['d', 'д'], ['e', 'е'], ['z', 'з'], ['k', 'к'], ['l', 'л'], ['m', 'м'],
  ['n', 'н'], ['o', 'о'], ['p', 'п'], ['r', 'р'], ['s', 'с'], ['t', 'т'], ['u', 'у'], ['f', 'ф'], ['c', 'ц'], ['w', 'в'], ['x', 'кс'], ['q', 'к'], ['j', 'й'],
  ["'", 'ь'], ['ʼ', 'ь'],
];
const UKRAINIAN: readonly Letter[] = ([['ye', 'є'], ['ie', 'є'], ['yi', 'ї'], ['h', 'г'], ['i', 'і'], ['y', 'и'], ...COMMON] as Letter[]).sort((a, b) => b[0].length - a[0].length);
const RUSSIAN: readonly Letter[] = ([['yo', 'ё'], ['yy', 'ый'], ['iy', 'ий'], ['ye', 'е'], ['h', 'х'], ['i', 'и'], ['y', 'ы'], ...COMMON] as Letter[]).sort((a, b) => b[0].length - a[0].length);
const VOWELS = new Set(['а', 'е', 'и', 'і', 'о', 'у', 'я', 'ю', 'є', 'ї', 'ё', 'ы']);

/** One Latin word in Cyrillic letters; an "i" or "y" after a vowel at the word's end is «й» («skasui», «zvazhai»). */
function cyrillic(word: string, letters: readonly Letter[]): string {
  let out = '';
  for (let at = 0; at < word.length; ) {
    const pair = letters.find(([latin]) => word.startsWith(latin, at));
    if (pair === undefined) {
      out += word[at];
      at++;
      continue;
    }
    const [latin, letter] = pair;
    const last = at + latin.length === word.length;
    out += last && (latin === 'i' || latin === 'y') && VOWELS.has(out.at(-1) ?? '') ? 'й' : letter;
    at += latin.length;
  }
  return out;
}

/**
 * The text in lower case with every word of Latin letters written in Cyrillic ("bez operatora" → «без
 * оператора»), in Ukrainian spelling unless Russian words outnumber Ukrainian ones. Linear.
 */
export function transliterate(text: string): string {
  const lower = text.toLowerCase();
  let balance = 0;
  for (const [word] of lower.matchAll(LATIN_WORD)) balance += (UKRAINIAN_SIGNS.has(word) ? 1 : 0) - (RUSSIAN_SIGNS.has(word) ? 1 : 0);
  const letters = balance >= 0 ? UKRAINIAN : RUSSIAN;
  return lower.replace(LATIN_WORD, (word) => cyrillic(word, letters));
}

/** The regexes of this reading, for the linearity test. */
export const TRANSLITERATE_REGEXES: readonly RegExp[] = [LATIN_WORD];

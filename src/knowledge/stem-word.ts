// Light stemming: one longest suffix off, never below three letters. It is deliberately crude: it
// merges the common inflections (тарифи/тарифів/тарифу, refunds/refunded) and leaves stem changes
// (повернення/повертаємо) to the character n-gram embedding.
const UKRAINIAN_SUFFIXES = [
  'ування', 'ювання', 'ятися', 'уватися', 'увати', 'ювати', 'ання', 'ення', 'іння', 'ості', 'ість', 'ати', 'яти', 'ити',
  'іти', 'ути', 'ами', 'ями', 'ові', 'еві', 'єві', 'ого', 'ому', 'ими', 'іми', 'ють', 'ать', 'ять', 'ить', 'уть', 'ано',
  'ено', 'или', 'ій', 'ої', 'ою', 'ею', 'єю', 'ам', 'ям', 'ах', 'ях', 'ів', 'їв', 'ий', 'ей', 'ти', 'ть', 'ся', 'ла', 'ло',
  'ли', 'ує', 'а', 'я', 'о', 'е', 'є', 'і', 'ї', 'и', 'у', 'ю', 'ь', 'й',
].sort((a, b) => b.length - a.length);

const ENGLISH_SUFFIXES = ['ations', 'ation', 'ments', 'ment', 'ness', 'ings', 'ing', 'edly', 'ed', 'ers', 'er', 'es', 'ly', 's', 'y', 'e'].sort(
  (a, b) => b.length - a.length,
);

const MIN_STEM = 3;
const CYRILLIC = /^[\u0400-\u04FF]+$/;
const LATIN = /^[a-z]+$/;

function strip(word: string, suffixes: readonly string[]): string {
  for (const suffix of suffixes) {
    if (word.length - suffix.length >= MIN_STEM && word.endsWith(suffix)) return word.slice(0, -suffix.length);
  }
  return word;
}

/**
 * Reduces a lower-case Ukrainian or English word to a light stem; other scripts, codes and numbers are
 * returned unchanged.
 */
export function stemWord(word: string): string {
  if (CYRILLIC.test(word)) return strip(word, UKRAINIAN_SUFFIXES);
  if (!LATIN.test(word)) return word;
  if (word.length - 3 >= MIN_STEM && word.endsWith('ies')) return word.slice(0, -3); // policies and policy -> polic
  const stem = strip(word, ENGLISH_SUFFIXES);
  // shipped/shipping -> ship, as shipment -> ship
  const doubled = stem !== word && stem.length > MIN_STEM && stem.at(-1) === stem.at(-2) && !/[aeiousl]/.test(stem.at(-1) ?? '');
  return doubled ? stem.slice(0, -1) : stem;
}

/**
 * Word lists the planner recognises, lower case. An entry ending in `*` matches any word it starts
 * (Ukrainian inflects, so `доставк*` covers доставка, доставки, доставку); other entries match whole words.
 */
export type WordList = readonly string[];

/** Imperatives and infinitives only: "статус скасування" or "cancelled" ask about a state, not for an action. */
export const CANCEL_VERBS: WordList = [
  'скасуй', 'скасуйте', 'скасувати', 'скасуєте', 'скасуєш', 'скасуємо', 'відміни', 'відмініть', 'відмінити',
  'анулюй', 'анулюйте', 'анулювати', 'cancel', 'отмени', 'отмените', 'отменить',
];

/** A word right before a cancel verb that turns it into "do not cancel". */
export const NEGATIONS: WordList = ['не', 'ні', 'don\'t', 'don’t', 'dont', 'not', 'never', 'без'];

/** Words about where a parcel is; a bare tracking id after them is tracked, never cancelled. */
export const TRACK_WORDS: WordList = [
  'де', 'статус*', 'відстеж*', 'трек*', 'track*', 'where', 'status', 'history', 'історі*', 'чому', 'why',
  'затрим*', 'delay*', 'коли', 'when', 'eta', 'посилк*', 'відправлен*', 'parcel*', 'shipment*', 'package*',
  'где', 'отслед*', 'истори*', 'почему', 'задерж*', 'когда', 'посылк*', 'отправлен*',
];

/** Words asking why a parcel is late: the answer leads with the delay reason. */
export const DELAY_WORDS: WordList = ['затрим*', 'delay*', 'чому', 'why', 'запізн*', 'late', 'задерж*', 'почему', 'опазд*'];

/** Words asking for the whole route: the answer lists every history event. */
export const HISTORY_WORDS: WordList = ['історі*', 'history', 'events', 'події', 'подій', 'истори*', 'событи*'];

/** Unambiguous stock words: these keep a stock intent even next to a price question. */
export const STRONG_STOCK_WORDS: WordList = [
  'залиш*', 'наявн*', 'stock', 'available', 'availability', 'inventory', 'склад*', 'warehouse*', 'остат*',
];

/** Stock words that also start other questions ("скільки коштує", "how many days"). */
export const WEAK_STOCK_WORDS: WordList = ['скільки', 'є', 'many', 'have', 'сколько'];

/** Words asking for a delivery price or time. */
export const PRICE_WORDS: WordList = [
  'вартіст*', 'ціна', 'ціну', 'ціни', 'ціною', 'коштує', 'коштув*', 'тариф*', 'доставк*', 'доставит*', 'відправит*',
  'надіслат*', 'розрахуй*', 'розрахув*', 'порахуй*', 'cost*', 'price*', 'pricing', 'quote', 'shipping', 'ship', 'send*',
  'deliver', 'delivery', 'rate', 'rates', 'tariff*', 'стоит', 'стоимост*',
];

/** Weight units after a number. */
export const KILOGRAM_WORDS: WordList = ['кг', 'kg', 'kgs', 'кіло', 'кілограм*', 'kilo*', 'кило*'];
/** Currency after a number: the number is money. */
export const CURRENCY_WORDS: WordList = ['грн', 'гривень', 'гривні', 'гривня', 'uah', 'hryvnia*', 'hryvna*'];
/** Words before a refund amount. */
export const REFUND_WORDS: WordList = ['поверн*', 'refund*', 'компенс*', 'reimburs*', 'return', 'вернуть', 'верни'];
/** Words before a declared value (insurance). */
export const DECLARED_VALUE_WORDS: WordList = ['цінн*', 'declared', 'insur*', 'страхов*', 'оголошен*', 'value'];
/** Piece units between a quantity and the item ("10 шт моніторів"). */
export const PIECE_WORDS: WordList = ['шт', 'штук*', 'pcs', 'pieces', 'units', 'unit', 'од', 'одиниц*'];
/** Words before a number that make it a minimum quantity ("at least 10", "потрібно 10"). */
export const MIN_QTY_WORDS: WordList = ['least', 'щонайменше', 'мінімум', 'minimum', 'min', 'need', 'needs', 'потрібно', 'треба', 'потрібні', 'потрібен'];
/** Words after which the rest of the clause is a cancellation reason. */
export const REASON_WORDS: WordList = ['бо', 'оскільки', 'адже', 'because', 'since', 'причина', 'reason'];
/** Words that carry no reason on their own ("будь ласка" after a cancel is not why it is cancelled). */
export const FILLER_WORDS: WordList = [
  'будь', 'ласка', 'please', 'pls', 'дякую', 'thanks', 'thank', 'you', 'терміново', 'urgently', 'asap', 'а', 'і', 'and', 'також',
];
/** Words that separate clauses, as punctuation does. */
export const CONJUNCTIONS: WordList = ['і', 'й', 'та', 'and', 'also', 'plus', 'також', 'then', 'потім'];

/** Whether a lower-case word is in the list (see WordList for the `*` rule). */
export function inList(word: string, list: WordList): boolean {
  return list.some((entry) => (entry.endsWith('*') ? word.startsWith(entry.slice(0, -1)) : word === entry));
}

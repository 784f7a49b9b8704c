import type { WordList } from './lexicon.js';
import { CURRENCY_WORDS, DECLARED_VALUE_WORDS, inList, MIN_QTY_WORDS, PIECE_WORDS, REFUND_WORDS } from './lexicon.js';
import { productSku } from './products.js';
import type { Token } from './tokenize.js';

// How far after a keyword its number may stand: "повернення коштів у розмірі 720" is four words on.
const KEYWORD_REACH = 4;

function isWord(token: Token | undefined, list: WordList): boolean {
  return token?.kind === 'word' && inList(token.word, list);
}

/** Amounts written as money: "720 грн", "720грн", "720 UAH", "UAH 6,200", "₴720". */
export function findMoney(tokens: readonly Token[]): number[] {
  return tokens.flatMap((token, index) => {
    if (token.kind !== 'number') return [];
    const before = tokens[index - 1];
    const isMoney = isWord(tokens[index + 1], CURRENCY_WORDS) || isWord(before, CURRENCY_WORDS) || (before?.kind === 'symbol' && before.symbol === '₴');
    return isMoney ? [token.value] : [];
  });
}

/** The first number within a few tokens after any word of the list, or undefined. */
function numberAfterWord(tokens: readonly Token[], list: WordList): number | undefined {
  for (let index = 0; index < tokens.length; index += 1) {
    if (!isWord(tokens[index], list)) continue;
    const near = tokens.slice(index + 1, index + 1 + KEYWORD_REACH).find((token) => token.kind === 'number');
    if (near?.kind === 'number') return near.value;
  }
  return undefined;
}

/** Whether any word of the tokens is in the list. */
export function hasWord(tokens: readonly Token[], list: WordList): boolean {
  return tokens.some((token) => isWord(token, list));
}

/** The refund: a number after "поверни / refund", else the only money amount; undefined if unclear. */
export function findRefund(tokens: readonly Token[]): number | undefined {
  const afterWord = numberAfterWord(tokens, REFUND_WORDS);
  if (afterWord !== undefined) return afterWord;
  const money = findMoney(tokens);
  return money.length === 1 ? money[0] : undefined;
}

/** The declared value: a number after "оголошена цінність / declared value", or undefined. */
export function findDeclaredValue(tokens: readonly Token[]): number | undefined {
  return numberAfterWord(tokens, DECLARED_VALUE_WORDS);
}

function namesStockItem(token: Token | undefined): boolean {
  return token?.kind === 'sku' || (token?.kind === 'word' && productSku(token.word) !== undefined);
}

/** A needed quantity: "10 моніторів", "10 шт SKU-1002", "at least 10", "потрібно 10"; whole numbers only. */
export function findQuantity(tokens: readonly Token[]): number | undefined {
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index];
    if (token?.kind !== 'number' || !Number.isInteger(token.value)) continue;
    const next = tokens[index + 1];
    const item = isWord(next, PIECE_WORDS) ? tokens[index + 2] : next;
    if (namesStockItem(item) || isWord(next, PIECE_WORDS) || isWord(tokens[index - 1], MIN_QTY_WORDS)) return token.value;
  }
  return undefined;
}

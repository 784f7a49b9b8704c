import type { Service } from '../../domain/index.js';
import type { Token } from './tokenize.js';

const SERVICE_STEMS: ReadonlyArray<readonly [stem: string, service: Service]> = [
  ['експрес', 'express'], ['express', 'express'], ['экспресс', 'express'],
  ['стандарт', 'standard'], ['standard', 'standard'],
  ['overnight', 'overnight'], ['нічн', 'overnight'], ['ночн', 'overnight'],
];

// Two-word names of the overnight service.
const NEXT_DAY: ReadonlyArray<readonly [string, string]> = [['next', 'day'], ['наступного', 'дня']];

/** The delivery service the tokens name ("експресом", "нічна доставка", "next day"), or undefined. */
export function findService(tokens: readonly Token[]): Service | undefined {
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index];
    if (token?.kind !== 'word') continue;
    const stem = SERVICE_STEMS.find(([prefix]) => token.word.startsWith(prefix));
    if (stem) return stem[1];
    // "next-day" arrives as three tokens.
    const following = tokens.slice(index + 1, index + 3).find((next) => next.kind === 'word');
    if (following?.kind === 'word' && NEXT_DAY.some(([a, b]) => token.word === a && following.word === b)) return 'overnight';
  }
  return undefined;
}

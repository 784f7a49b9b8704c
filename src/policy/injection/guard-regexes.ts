import { DATA_ROLE_MARKER_PATTERNS } from './data-role-marker-patterns.js';
import { ENCODED_PAYLOAD_REGEXES } from './find-encoded-payloads.js';
import { INJECTION_PATTERNS } from './injection-patterns.js';
import { NORMALISATION_REGEXES } from './normalise-for-matching.js';

/** Every pattern the guard runs in windows: the input guard's and the untrusted-data extras. */
export const WINDOWED_PATTERNS = [...INJECTION_PATTERNS, ...DATA_ROLE_MARKER_PATTERNS];

/**
 * Every regular expression the injection module executes, windowed or not, so one test can prove
 * each of them linear. A regex added anywhere in this folder belongs in one of these lists.
 */
export const GUARD_REGEXES: readonly RegExp[] = [...WINDOWED_PATTERNS.map(({ pattern }) => pattern), ...NORMALISATION_REGEXES, ...ENCODED_PAYLOAD_REGEXES];

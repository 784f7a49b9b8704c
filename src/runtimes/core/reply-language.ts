/**
 * The languages a reply can be in. Wider than the planner's own `Language` until every part of it
 * speaks Russian: a table written for all three is indexed by whatever the request was detected as.
 */
export type ReplyLanguage = 'uk' | 'en' | 'ru';

/** One text per reply language. */
export type Phrases<T = string> = Readonly<Record<ReplyLanguage, T>>;

/** The languages a reply can be in: the request's (the planner's `Language`, spelled out for the kernel's tables). */
export type ReplyLanguage = 'uk' | 'en' | 'ru';

/** One text per reply language. */
export type Phrases<T = string> = Readonly<Record<ReplyLanguage, T>>;

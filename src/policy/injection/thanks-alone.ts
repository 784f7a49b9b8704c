// A message that only thanks or praises the assistant, greets it or says goodbye ("Thanks, you were
// really useful!", «Дякую, ви дуже допомогли», «Спасибо, вы лучший помощник»): it asks for nothing
// and tells the assistant to be nothing. The classifier learnt "you were …" and "the best assistant"
// from persona prompts and blocked such thanks as attacks (0.82-0.91). Every part of the message must
// be one of the forms below, whole: a request, a question or "you are now …" beside them leaves the
// verdict to the classifier.
import { canonicalView } from '../normalise/index.js';

const INTENSIFIER = String.raw`(?:so\s|very\s|really\s|super\s|extremely\s|incredibly\s|truly\s)?`;
const EN_PRAISE = String.raw`(?:helpful|useful|kind|nice|friendly|polite|great|amazing|awesome|fast|quick|patient|clear|brilliant|wonderful|excellent|fantastic|a\s(?:great|big|huge|real)\shelp|(?:a\s)?(?:great|big|huge|real)\shelp|the\sbest(?:\s(?:assistant|bot|helper|support))?(?:\sever)?)`;
const UK_PRAISE = String.raw`(?:(?:мені\s)?(?:дуже\s|так\s|справді\s)?(?:допомогли|допоміг|допомогла|корисні|корисний|корисна|чудові|чудовий|супер|найкращий(?:\sпомічник)?|молодець|молодці))`;
const RU_PRAISE = String.raw`(?:(?:мне\s)?(?:очень\s|так\s|правда\s)?(?:помогли|помог|помогла|полезны|полезен|полезна|лучший(?:\sпомощник)?|супер|молодец|молодцы))`;

/** One part of such a message, matched whole against a part of the canonical view. */
const PART = new RegExp(
  `^(?:${[
    // Thanks.
    String.raw`(?:many\s|big\s)?(?:thanks|thank\syou|thx|ty|cheers)(?:\s(?:so\smuch|very\smuch|a\slot|a\sbunch|again|once\sagain|anyway))?(?:\sfor\s(?:your|the|all\sthe|all\syour)\s(?:help|patience|answer|quick\sanswer|support|time|assistance))?`,
    String.raw`(?:much|greatly)\sappreciated|(?:i\s(?:really\s|truly\s)?)?appreciate\s(?:it|that|this|you|your\shelp|the\shelp)`,
    String.raw`(?:(?:дуже|щиро|велике)\s)?(?:дякую|дякуємо|спасибі)(?:\s(?:вам|тобі))?(?:\sза\s(?:допомогу|терпіння|відповідь|швидку\sвідповідь))?`,
    String.raw`(?:(?:большое|огромное)\s)?(?:спасибо|благодарю|благодарим)(?:\s(?:вам|тебе|большое))?(?:\sза\s(?:помощь|терпение|ответ|быстрый\sответ))?`,
    // Praise of the assistant or of its answer.
    `(?:you(?:\\s(?:guys|all|both))?(?:'re|\\sare|\\swere|'ve\\sbeen|\\shave\\sbeen)|that(?:'s|\\swas|\\sis)|it\\swas|this\\swas)\\s${INTENSIFIER}${EN_PRAISE}(?:\\s(?:to\\s(?:talk|chat)\\s(?:to|with)|today|again|as\\salways|as\\susual))?`,
    String.raw`(?:great|good|nice|excellent)\s(?:job|work)|well\sdone|perfect|great|awesome|wow|ok|okay|cool|super`,
    `(?:ви|ти)\\s${UK_PRAISE}(?:\\s(?:сьогодні|як\\sзавжди))?`,
    `(?:вы|ты)\\s${RU_PRAISE}(?:\\s(?:сегодня|как\\sвсегда))?`,
    // Greetings and goodbyes.
    String.raw`(?:have\sa\s(?:nice|good|great)\s(?:day|evening|weekend)|bye|goodbye|see\syou(?:\slater)?|good\s(?:morning|afternoon|evening|night)|hi|hello|hey)`,
    String.raw`(?:гарного|гарного\sвам|хорошого)\s(?:дня|вечора)|до\sпобачення|бувай(?:те)?|добрий\s(?:день|ранок|вечір)|привіт`,
    String.raw`(?:хорошего|хорошего\sвам|доброго)\s(?:дня|вечера)|до\sсвидания|пока|добрый\s(?:день|вечер)|доброе\sутро|привет`,
  ].join('|')})$`,
  'u',
);
/** Where the parts of the message end: punctuation, a line end, a dash, "and". */
const PART_END = /[.,!;:\n)(]+|\s[-—]\s|\s(?:and|і|й|та|и)\s/u;
/** Marks that carry no words: emoji and other symbols, left out before the parts are read. */
const SYMBOLS = /[\p{Extended_Pictographic}\p{S}\uFE0F\u200D]+/gu;
/** Longer than this, a message is more than thanks. */
const MAX_CHARS = 200;

/** Whether the whole message only thanks, praises, greets or says goodbye (on its canonical view). */
export function thanksAlone(text: string): boolean {
  if (text.length > MAX_CHARS) return false;
  const parts = canonicalView(text).view.replace(SYMBOLS, ' ').split(PART_END).map((part) => part.trim()).filter((part) => part !== '');
  return parts.length > 0 && parts.every((part) => PART.test(part));
}

/** The regexes of {@link thanksAlone}, for the linearity test. */
export const THANKS_ALONE_REGEXES: readonly RegExp[] = [PART, PART_END, SYMBOLS];

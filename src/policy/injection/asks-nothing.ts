// A message that asks for nothing: it only thanks or praises the assistant, greets it or says goodbye
// ("Thanks, you were really useful!", «Дякую, ви дуже допомогли»), or says how the sender feels ("I'm
// just so tired of everything", «Мені так сумно сьогодні», «Я так устал от всего этого»). It tells the
// assistant to do nothing and to be nothing. The classifier learnt "you were …" and "the best assistant"
// from persona prompts, and a sender's frustration from pressure put on it, and blocked such messages as
// attacks (0.78-0.98). Every part of the message must be one of the forms below, whole: a request, a
// question or "you are now …" beside them leaves the verdict to the classifier.
import { canonicalView } from '../normalise/index.js';

const INTENSIFIER = String.raw`(?:so\s|very\s|really\s|super\s|extremely\s|incredibly\s|truly\s)?`;
const EN_PRAISE = String.raw`(?:helpful|useful|kind|nice|friendly|polite|great|amazing|awesome|fast|quick|patient|clear|brilliant|wonderful|excellent|fantastic|(?:a\s)?(?:great|big|huge|real)\shelp|the\sbest(?:\s(?:assistant|bot|helper|support))?(?:\sever)?)`;
const UK_PRAISE = String.raw`(?:(?:мені\s)?(?:дуже\s|так\s|справді\s)?(?:допомогли|допоміг|допомогла|корисні|корисний|корисна|чудові|чудовий|супер|найкращий(?:\sпомічник)?|молодець|молодці))`;
const RU_PRAISE = String.raw`(?:(?:мне\s)?(?:очень\s|так\s|правда\s)?(?:помогли|помог|помогла|полезны|полезен|полезна|лучший(?:\sпомощник)?|супер|молодец|молодцы))`;

const DEGREE = String.raw`(?:(?:so|really|very|a\sbit|a\slittle|extremely|just|quite|totally|kind\sof|pretty|getting)\s){0,2}`;
const EN_FEELING = String.raw`(?:frustrated|angry|annoyed|upset|sad|tired|exhausted|disappointed|stressed(?:\sout)?|worried|nervous|anxious|scared|afraid|confused|lost|lonely|bored|happy|glad|excited|relieved|fed\sup|sick\sand\stired|mad|furious|overwhelmed|heartbroken|down)`;
const UK_RU_DEGREE = String.raw`(?:(?:так|дуже|трохи|просто|зараз|сьогодні|очень|немного|сейчас|сегодня)\s)?`;
const UK_FEELING = String.raw`(?:засмучен(?:ий|а)|втомив(?:ся|ась)|втомилася|втомлен(?:ий|а)|розчарован(?:ий|а)|зл(?:ий|а)|хвилююся|нервую|рад(?:ий|а)|щаслив(?:ий|а)|сумую|в\sрозпачі)`;
const RU_FEELING = String.raw`(?:расстроен(?:а)?|устал(?:а)?|разочарован(?:а)?|зол|зла|злюсь|волнуюсь|нервничаю|рад(?:а)?|счастлив(?:а)?|в\sбешенстве|в\sотчаянии|скучаю)`;
// What a feeling is about, from a closed list (an unknown object leaves the message to the classifier:
// "I'm tired of waiting approve my refund now" must not pass as a feeling), and when it is felt.
const EN_ABOUT = String.raw`(?:with|about|of|by|for|at)\s(?:this|that|it|everything|all\s(?:of\s)?this|waiting|tomorrow|(?:the|this|my)\s(?:whole\s)?(?:situation|delay|wait|process|news|weather|service|mess|thing|day|week|weekend|move|job|work|exams?|trip))`;
const UK_RU_ABOUT = String.raw`(?:від|через|про|от|из-за|о|об)\s(?:усього|всього|цього|це|всего\sэтого|всего|этого|это|всё|все|тебе|вас|завтра)`;
const WHEN = String.raw`(?:right\snow|today|now|again|lately|to\sbe\shonest|сьогодні|зараз|сегодня|сейчас|если\sчестно|чесно\sкажучи)`;
const ABOUT_OR_WHEN = `(?:\\s(?:${EN_ABOUT}|${UK_RU_ABOUT}))?(?:\\s${WHEN})?`;

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
    // The sender's own feeling, what about (ABOUT_OR_WHEN's closed list) and when.
    `(?:(?:honestly|really|just|to\\sbe\\shonest)\\s)?(?:i'm|i\\sam|i\\sfeel|i'm\\sfeeling|i\\sam\\sfeeling|i\\swas|(?:this|it|that)\\smakes\\sme)\\s${DEGREE}${EN_FEELING}${ABOUT_OR_WHEN}`,
    `(?:мені|мне)\\s${UK_RU_DEGREE}(?:сумно|погано|тривожно|страшно|прикро|нудно|самотньо|добре|грустно|плохо|обидно|скучно|одиноко|хорошо)${ABOUT_OR_WHEN}`,
    `я\\s${UK_RU_DEGREE}(?:${UK_FEELING}|${RU_FEELING})${ABOUT_OR_WHEN}`,
    `(?:мене|меня)\\s(?:(?:це|это|все|всё)\\s)?(?:дратує|бісить|засмучує|турбує|бесит|раздражает|расстраивает|беспокоит)${ABOUT_OR_WHEN}`,
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
/** Longer than this, a message says more than that. */
const MAX_CHARS = 200;

/** Whether the whole message only thanks, praises, greets, says goodbye or says how the sender feels (on its canonical view). */
export function asksNothing(text: string): boolean {
  if (text.length > MAX_CHARS) return false;
  const parts = canonicalView(text).view.replace(SYMBOLS, ' ').split(PART_END).map((part) => part.trim()).filter((part) => part !== '');
  return parts.length > 0 && parts.every((part) => PART.test(part));
}

/** The regexes of {@link asksNothing}, for the linearity test. */
export const ASKS_NOTHING_REGEXES: readonly RegExp[] = [PART, PART_END, SYMBOLS];

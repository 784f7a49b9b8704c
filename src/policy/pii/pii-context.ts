// Words that say the number after them is a document or consignment number, not personal data:
// seals, invoices, waybills, batches, lots, orders, shipments, requests (uk, ru, en). Matched as the start
// of the word before the number, so every case form counts («пломби», «накладної», «заказа»).
// Requests, applications, appeals and tickets too: «Заявка № …», «звернення …», "request id …" number
// a customer's request to the company, never a company. And versions, builds and firmware («версія
// 380.67.12.34.567», "build 0671234567"): a release number has the shape of any other.
const NOT_PII_LABELS = [
  'пломб', 'рахун', 'фактур', 'накладн', 'ттн', 'парті', 'замовлен', 'інвойс', 'декларац', 'відправлен', 'посилк', 'лот',
  'заявк', 'заява', 'заяви', 'заяві', 'заявою', 'заявлен', 'звернен', 'запит', 'тікет',
  'счет', 'счёт', 'парти', 'заказ', 'инвойс', 'отправлен', 'посылк', 'обращени', 'запрос', 'тикет',
  'seal', 'invoice', 'inv', 'waybill', 'batch', 'lot', 'order', 'shipment', 'consignment', 'parcel', 'tracking', 'ttn', 'awb',
  'request', 'application', 'ticket',
  'версі', 'верси', 'прошивк', 'збірк', 'сборк', 'version', 'build', 'firmware',
  // A product's article or catalogue number («Артикул 0501234567 — чохол»): a stock code, whatever its shape.
  'артикул', 'article', 'каталожн', 'catalogue', 'catalog',
] as const;
/** Short labels matched as whole words only: «арт.» is an article, «Артем» a name. */
const NOT_PII_WORDS = new Set(['арт', 'art', 'sku']);

// Words allowed between a label and its number: «пломба № …», «order number …», «накладна номер …».
const FILLERS = new Set(['номер', 'номера', 'номеру', 'номером', 'number', 'no', 'nr', 'num', 'n', 'id', 'ід']);

// Words that say the number after them is a passport or an ID card (also what a number wrapped under its label needs).
export const ID_LABELS = ['паспорт', 'passport', 'id-карт', 'id карт', 'id-card', 'id card', 'ід-карт', 'ід карт', 'айді карт', 'айди карт', 'айдішк', 'айдишк', 'ідентифікаційн', 'идентификацион', 'документ', 'document', 'унзр', 'national id', 'identity card', 'посвідчення особи', 'удостоверение личности'] as const;

const isLetter = (unit: number): boolean => (unit >= 0x41 && unit <= 0x5a) || (unit >= 0x61 && unit <= 0x7a) || (unit >= 0x400 && unit <= 0x4ff);
// Punctuation between a label and its number: spaces, №, #, colon, dot, dash, comma, quotes, a
// bracket ("(EDRPOU) 41234567", "seal (12345678)") and an equals sign ("ipn=3012345670").
const isLabelGap = (unit: number): boolean =>
  unit === 0x20 || unit === 0x2116 || unit === 0x23 || unit === 0x3a || unit === 0x2e || unit === 0x2d || unit === 0x2c || unit === 0x22 || unit === 0xab || unit === 0xbb || unit === 0x28 || unit === 0x29 || unit === 0x3d;

/** The word that ends before `end` in `view`, skipping label punctuation first; its start and lower-case text. */
function wordBefore(view: string, end: number): { start: number; word: string } | undefined {
  let at = end;
  let gap = 0;
  while (at > 0 && gap < 4 && isLabelGap(view.charCodeAt(at - 1))) {
    at--;
    gap++;
  }
  const stop = at;
  while (at > 0 && stop - at < 24 && isLetter(view.charCodeAt(at - 1))) at--;
  if (at === stop) return undefined;
  return { start: at, word: view.slice(at, stop).toLowerCase() };
}

/**
 * Whether the number starting at `start` of the view is labelled as a seal, invoice, waybill, batch,
 * lot, order or shipment number («пломба № 12345678», "batch no. 4111 …", «ТТН 20450000123456»):
 * such a number is left alone even when its checksum happens to pass (one in eleven 8-digit numbers
 * passes the EDRPOU check, one in ten the Luhn check).
 */
export function labelledAsDocumentNumber(view: string, start: number): boolean {
  let end = start;
  for (let words = 0; words < 3; words++) {
    const before = wordBefore(view, end);
    if (before === undefined) return false;
    if (NOT_PII_WORDS.has(before.word) || NOT_PII_LABELS.some((label) => before.word.startsWith(label))) return true;
    if (!FILLERS.has(before.word)) return false;
    end = before.start;
  }
  return false;
}

/** Whether the 60 characters before `start` name a passport or an ID card («ID-картка № 001234567», "passport no."). */
export function labelledAsIdentityDocument(view: string, start: number): boolean {
  const context = view.slice(Math.max(0, start - 60), start).toLowerCase();
  return ID_LABELS.some((label) => context.includes(label));
}

const isDigit = (unit: number): boolean => unit >= 0x30 && unit <= 0x39;

// Words allowed between a code's label and the code: «ЄДРПОУ код 1436/0570», «ІПН №», "tax id no.", and
// whose code it is: «ІПН фізособи …», «ІПН отримувача …», «ИНН получателя …» (the label still has to be
// reached through these alone, so «податкова накладна клієнта 1234567890» stays an invoice).
const CODE_FILLERS = new Set([
  ...FILLERS, 'код', 'code', 'id', 'ід',
  // "my tax number is …", «мій ІПН — це …», «мой ИНН это …».
  'is', 'це', 'это',
  'фізособи', 'фізичної', 'особи', 'отримувача', 'отримувачки', 'відправника', 'відправниці', 'клієнта', 'клієнтки', 'платника', 'покупця', 'власника',
  'физлица', 'физического', 'лица', 'получателя', 'отправителя', 'клиента', 'плательщика', 'покупателя', 'владельца',
]);

/**
 * Whether one of `labels` ends within `reach` characters before `start` with only label punctuation
 * and filler words («№», «код», «номер», "no.") between: «РНОКПП: 318.471.069.1», not «ІПН оновлено 10.90.1201».
 */
export function labelAdjacent(view: string, start: number, reach: number, labels: readonly string[]): boolean {
  let end = start;
  let after = '';
  for (let words = 0; words < 3 && start - end < reach; words++) {
    const before = wordBefore(view, end);
    if (before === undefined) return false;
    // A label of two words ("company code", «код компанії») read with the filler after it.
    const pair = `${before.word} ${after}`;
    if (labels.some((label) => before.word.startsWith(label) || (after !== '' && pair.startsWith(label)))) return true;
    if (!CODE_FILLERS.has(before.word)) return false;
    after = before.word;
    end = before.start;
  }
  return false;
}

/**
 * Whether one of `labels` (a passport or ID-card label unless told) stands within `reach` characters
 * before `start` with no comma, semicolon, line break, sentence end or other number after it
 * («паспорт серії КН 123 456», not «паспорт подано, а ЗП 150 000» or «ЄДРПОУ 14360570 від 02.12.2026»).
 */
export function identityLabelRightBefore(view: string, start: number, reach: number, labels: readonly string[] = ID_LABELS): boolean {
  const context = view.slice(Math.max(0, start - reach), start).toLowerCase();
  let labelEnd = -1;
  for (const label of labels) {
    const at = context.lastIndexOf(label);
    if (at >= 0) labelEnd = Math.max(labelEnd, at + label.length);
  }
  if (labelEnd < 0) return false;
  for (let at = labelEnd; at < context.length; at++) {
    const unit = context.charCodeAt(at);
    if (unit === 0x2c || unit === 0x3b || unit === 0x21 || unit === 0x3f || unit === 0x0a || (unit === 0x2e && context.charCodeAt(at + 1) === 0x20)) return false;
    // Another number (or one already redacted) between them is what the label named.
    if (isDigit(unit) || unit === 0) return false;
  }
  return true;
}


/**
 * Whether the span `start`-`end` of the view is one group of a longer grouped number: a group of at
 * most four digits right before or after it across one space, dot, dash or slash («№ 3184710691/24») («партія 1234 5678 9012
 * 3456» holds an 8-digit run that passes the EDRPOU check and must not lose it). A whole code next
 * to it (a list of tax ids) does not count.
 */
export function insideLongerNumber(view: string, start: number, end: number): boolean {
  const gap = (unit: number): boolean => unit === 0x20 || unit === 0x2e || unit === 0x2d || unit === 0x2f;
  const shortGroup = (from: number, step: number): boolean => {
    let digits = 0;
    for (let at = from; at >= 0 && at < view.length && digits < 5 && isDigit(view.charCodeAt(at)); at += step) digits++;
    return digits > 0 && digits <= 4;
  };
  return (start >= 2 && gap(view.charCodeAt(start - 1)) && shortGroup(start - 2, -1)) || (gap(view.charCodeAt(end)) && shortGroup(end + 1, 1));
}

/** How far back `wrappedOnce` looks for the start of a line: a number's line is shorter in any wrapped text. */
const LINE_LOOKBACK = 200;
// Cell separators of a table or CSV: a number between them is a cell, and the line break after it ends a row.
const isCellSeparator = (unit: number): boolean => unit === 0x7c || unit === 0x3b || unit === 0x09;

// Words that say what a wrapped number is: a card, a tax number or a company code (uk, ru, en).
export const CARD_LABELS = ['card', 'карт', 'visa', 'master', 'maestro', 'refund', 'повернен', 'возврат', 'переказ', 'перевод', 'оплат', 'pay'] as const;
export const TAX_ID_LABELS = ['іпн', 'инн', 'рнокпп', 'ідентифікац', 'идентификац', 'податк', 'налог', 'tax', 'ipn', 'inn', 'itn', 'tin', 'rnokpp'] as const;
export const EDRPOU_LABELS = ['єдрпоу', 'едрпоу', 'егрпоу', 'edrpou', 'usreou', 'окпо', 'okpo', 'код компанії', 'код компании', 'company code'] as const;
/** How far before a wrapped number its label may stand. */
const WRAP_LABEL_REACH = 60;
// What may stand right before a number that starts a word: a blank, label punctuation, an opening bracket or quote.
const isWordStartGap = (unit: number): boolean => unit === 0x20 || unit === 0x09 || unit === 0x3a || unit === 0x2116 || unit === 0x23 || unit === 0x28 || unit === 0xab || unit === 0x22;

/**
 * Whether a number found across a line break (the view keeps a line break between two digits, see
 * `piiNormalisedView`) reads as one number wrapped at the end of a line, not as two numbers in a
 * column, a table or a list: one line break at most; the number a word of its own on a line with
 * something before it («card 5375 4161 6998⏎2802», not «SKU-4086⏎336220» or a column's first
 * line); no cell separator (|, ; or a tab, or a comma with no space after it) on either side; at
 * least three digits after the break, where a list's next line starts with a count («37733749⏎40
 * шт»); and, given `labels`, one of them in the 60 characters before it, since «Індекс 60535912⏎70551
 * Індекс» wraps the same way. A span without a line break passes.
 */
export function wrappedOnce(view: string, start: number, end: number, labels?: readonly string[]): boolean {
  let wrap = -1;
  for (let at = start; at < end; at++) {
    if (view.charCodeAt(at) !== 0x0a) continue;
    if (wrap >= 0) return false;
    wrap = at;
  }
  if (wrap < 0) return true;
  // Its label on the line before it («my card for the refund⏎4242 4242⏎4242 4242»): the number may start its own line.
  const labelled = labels !== undefined && labelBefore(view, start, labels);
  const startsLine = start > 0 && view.charCodeAt(start - 1) === 0x0a;
  if (start === 0 || !(isWordStartGap(view.charCodeAt(start - 1)) || (startsLine && labelled))) return false;
  // A CSV comma stands right against its cells; a comma in prose has a space after it.
  if (view.charCodeAt(end) === 0x2c && view.charCodeAt(end + 1) !== 0x20) return false;
  let before = start - 1;
  while (before >= 0 && start - before <= LINE_LOOKBACK && view.charCodeAt(before) === 0x20) before--;
  const previous = view.charCodeAt(before);
  if (!(startsLine && labelled) && (before < 0 || previous === 0x0a || previous === 0x0d || isCellSeparator(previous))) return false;
  let after = end;
  while (after < view.length && after - end < LINE_LOOKBACK && view.charCodeAt(after) === 0x20) after++;
  if (isCellSeparator(view.charCodeAt(after))) return false;
  let digits = 0;
  for (let at = wrap + 1; at < end && isDigit(view.charCodeAt(at)); at++) digits++;
  // A number written with + is a phone: «+380⏎50 771 03 26» breaks after its country code.
  if (digits < 3 && view.charCodeAt(start) !== 0x2b) return false;
  return labels === undefined || labelled;
}

/** Whether one of `labels` stands in the {@link WRAP_LABEL_REACH} characters before `start`. */
function labelBefore(view: string, start: number, labels: readonly string[]): boolean {
  const context = view.slice(Math.max(0, start - WRAP_LABEL_REACH), start).toLowerCase();
  return labels.some((label) => context.includes(label));
}

// The word a form writes before a passport's series, and the number word that may follow the series.
const SERIES_WORDS = ['серія', 'серії', 'серия', 'серии', 'series'] as const;
const PASSPORT_WORDS = ['паспорт', 'passport'] as const;
/** How far before the six digits the series word may stand: «серія КМ, номер » and a little. */
const SERIES_REACH = 28;
const isSeriesLetter = (unit: number): boolean => (unit >= 0x41 && unit <= 0x5a) || (unit >= 0x410 && unit <= 0x42f) || unit === 0x404 || unit === 0x406 || unit === 0x407 || unit === 0x490;

/**
 * Whether six digits at `start` are a passport's number written after its series as a form does
 * («паспорт серія КМ, номер 123456», "Passport: series KM, number 123456"): a series word, two capital
 * letters, then only punctuation and «номер» / "number" / "no" / «№» up to the digits, with a
 * passport named before the series word in the same stretch.
 */
export function passportSeriesNamedBefore(view: string, start: number): boolean {
  const from = Math.max(0, start - SERIES_REACH);
  const near = view.slice(from, start).toLowerCase();
  let series = -1;
  let word = '';
  for (const candidate of SERIES_WORDS) {
    const at = near.lastIndexOf(candidate);
    if (at > series) {
      series = at;
      word = candidate;
    }
  }
  if (series < 0) return false;
  let at = from + series + word.length;
  while (at < start && (view.charCodeAt(at) === 0x20 || view.charCodeAt(at) === 0x3a)) at++;
  if (!isSeriesLetter(view.charCodeAt(at)) || !isSeriesLetter(view.charCodeAt(at + 1)) || isLetter(view.charCodeAt(at + 2))) return false;
  const between = view.slice(at + 2, start).toLowerCase();
  const rest = between.replace('номер', '').replace('number', '').replace('no', '');
  for (let i = 0; i < rest.length; i++) if (!isLabelGap(rest.charCodeAt(i))) return false;
  const before = view.slice(Math.max(0, from + series - 40), from + series).toLowerCase();
  return PASSPORT_WORDS.some((passport) => before.includes(passport));
}

/** Labels of a demographic register record number (УНЗР), the ID card's second number. */
export const UNZR_LABELS = ['унзр', 'unzr'] as const;

/** How far a cell's line and its table's header are read: a row or a header longer than this is no table's. */
const TABLE_LINE_REACH = 400;
/** Cell separators a header may use, in the order they are preferred when it holds several. */
const TABLE_SEPARATORS = [';', '\t', '|', ','] as const;

/**
 * Whether the number at `start` is a cell of a table whose header (the text's first line, cells split
 * by «;», a tab, «|» or «,») names its column with one of `labels`: «ПІБ;РНОКПП;дата» over «Мельник
 * Олег;3456789012;12.03.2024». The header, not the digits, says what the column holds, as a label
 * before a code does. Only the first line and the number's own line are read, each up to
 * {@link TABLE_LINE_REACH} characters, so the check is bounded for every candidate.
 */
export function labelledByColumn(view: string, start: number, labels: readonly string[]): boolean {
  const headerEnd = view.indexOf('\n');
  if (headerEnd <= 0 || headerEnd > TABLE_LINE_REACH || start <= headerEnd) return false;
  const header = view.slice(0, headerEnd);
  const separator = TABLE_SEPARATORS.find((candidate) => header.includes(candidate));
  if (separator === undefined) return false;
  let lineStart = start;
  while (lineStart > 0 && view.charCodeAt(lineStart - 1) !== 0x0a) {
    if (start - lineStart >= TABLE_LINE_REACH) return false;
    lineStart--;
  }
  let column = 0;
  for (let at = lineStart; at < start; at++) if (view[at] === separator) column++;
  const cell = (header.split(separator)[column] ?? '').trim().toLowerCase();
  return cell !== '' && labels.some((label) => cell.startsWith(label) || cell.endsWith(label));
}

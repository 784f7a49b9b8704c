// Words that say the number after them is a document or consignment number, not personal data:
// seals, invoices, waybills, batches, lots, orders, shipments (uk, ru, en). Matched as the start
// of the word before the number, so every case form counts («пломби», «накладної», «заказа»).
const NOT_PII_LABELS = [
  'пломб', 'рахун', 'фактур', 'накладн', 'ттн', 'парті', 'замовлен', 'інвойс', 'декларац', 'відправлен', 'посилк', 'лот',
  'счет', 'счёт', 'парти', 'заказ', 'инвойс', 'отправлен', 'посылк',
  'seal', 'invoice', 'inv', 'waybill', 'batch', 'lot', 'order', 'shipment', 'consignment', 'parcel', 'tracking', 'ttn', 'awb',
] as const;

// Words allowed between a label and its number: «пломба № …», «order number …», «накладна номер …».
const FILLERS = new Set(['номер', 'номера', 'номеру', 'номером', 'number', 'no', 'nr', 'num', 'n', 'id', 'ід']);

// Words that say the number after them is a passport or an ID card.
const ID_LABELS = ['паспорт', 'passport', 'id-карт', 'id карт', 'id-card', 'id card', 'ід-карт', 'ід карт', 'айді карт', 'айди карт', 'айдішк', 'айдишк', 'ідентифікаційн', 'идентификацион', 'документ', 'document', 'унзр'] as const;

const isLetter = (unit: number): boolean => (unit >= 0x41 && unit <= 0x5a) || (unit >= 0x61 && unit <= 0x7a) || (unit >= 0x400 && unit <= 0x4ff);
// Punctuation between a label and its number: spaces, №, #, colon, dot, dash, comma, quotes.
const isLabelGap = (unit: number): boolean => unit === 0x20 || unit === 0x2116 || unit === 0x23 || unit === 0x3a || unit === 0x2e || unit === 0x2d || unit === 0x2c || unit === 0x22 || unit === 0xab || unit === 0xbb;

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
    if (NOT_PII_LABELS.some((label) => before.word.startsWith(label))) return true;
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

/**
 * Whether the span `start`-`end` of the view is one group of a longer grouped number: a group of at
 * most four digits right before or after it across one space, dot or dash («партія 1234 5678 9012
 * 3456» holds an 8-digit run that passes the EDRPOU check and must not lose it). A whole code next
 * to it (a list of tax ids) does not count.
 */
export function insideLongerNumber(view: string, start: number, end: number): boolean {
  const gap = (unit: number): boolean => unit === 0x20 || unit === 0x2e || unit === 0x2d;
  const shortGroup = (from: number, step: number): boolean => {
    let digits = 0;
    for (let at = from; at >= 0 && at < view.length && digits < 5 && isDigit(view.charCodeAt(at)); at += step) digits++;
    return digits > 0 && digits <= 4;
  };
  return (start >= 2 && gap(view.charCodeAt(start - 1)) && shortGroup(start - 2, -1)) || (gap(view.charCodeAt(end)) && shortGroup(end + 1, 1));
}

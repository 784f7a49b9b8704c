import { canonicalView } from '../normalise/index.js';
import { wordStartSearch } from './word-start-search.js';

// Word starts that put a request inside Waybill's domain (parcels, stock, prices, cancellations,
// refunds, the service's own rules) in en/uk/ru. A request with none of them is out of domain:
// a general assistant's request (code, recipes, weather, chit-chat), which gets the domain answer
// ("what Waybill can do"), never the security refusal. Stems, not phrasings: they hold for requests
// nobody on the project wrote.
const DOMAIN_STEMS = [
  'ttn', 'sku', 'kg', 'uah', 'logist', 'логіст', 'логист', 'parcel', 'shipment', 'shipping', 'ship', 'deliver', 'warehouse', 'stock(?!\\s+(?:market|exchange|photo|image))', 'price', 'cost', 'tariff', 'branch', 'locker',
  'courier', 'recipient', 'sender', 'order', 'pickup', 'pick up', 'box', 'label', 'track', 'waybill', 'consignment', 'package', 'packag', 'packing', 'cancel',
  'refund', 'return', 'insur', 'fragile', 'weight', 'address', 'claim', 'oversize', 'express', 'overnight', 'approv', 'operator', 'postal', 'post office', 'mail', 'policy', 'policies', 'rules', 'complain', 'privacy', 'storage',
  'kyiv', 'kiev', 'lviv', 'odesa', 'odessa', 'kharkiv', 'dnipro', 'laptop', 'monitor', 'waybill', 'customs', 'courier', 'invoice', 'seal', 'batch',
  'кг', 'грн', 'ттн', 'посилк', 'пакунк', 'доставк', 'достав', 'відправ', 'склад(?:і|у|ах|ів|ом|ськ)?(?![\\p{L}])', 'складськ', 'залишк', 'наявн', 'ціна', 'ціну', 'цін', 'вартіст', 'тариф', 'відділен',
  'поштомат', 'пошт', 'курʼєр', "кур'єр", 'курєр', 'отримувач', 'замовлен', 'коробк', 'накладн', 'відстеж', 'трек', 'скасу', 'поверн', 'пакуван', 'упаков',
  'страхув', 'крихк', 'вага', 'ваги', 'вагу', 'важит', 'адрес', 'претенз', 'негабарит', 'експрес', 'погодж', 'підтвердж', 'оператор', 'ноутбук', 'монітор',
  'політик', 'правил', 'скарг', 'конфіденц', 'зберіган', 'умов', 'київ', 'києв', 'львів', 'львов', 'одес', 'харків', 'харков', 'дніпр', 'днепр', 'киев',
  'политик', 'жалоб', 'конфиденц', 'хранени', 'условия', 'посылк', 'отправ', 'остатк', 'наличи', 'цена', 'цену', 'цен', 'стоимост', 'отделени', 'почтомат', 'почт', 'курьер', 'получател', 'заказ', 'накладн', 'отслеж',
  'отмен', 'возврат', 'верн', 'упаковк', 'страхов', 'хрупк', 'вес', 'экспресс', 'одобр', 'ноутбук', 'монитор',
];

// A stem at the start of a word: the answer `(?<![\p{L}\p{N}])(?:stems)` gives, at less CPU (word-start-search.ts).
const DOMAIN_WORD = wordStartSearch(`(?:${[...new Set(DOMAIN_STEMS)].sort((a, b) => b.length - a.length).join('|')})`, 'u', /^[\p{L}\p{N}]$/u);

/**
 * Whether a request lies outside Waybill's domain: its canonical view (look-alikes and disguises
 * undone) names nothing Waybill deals with. Linear in the text. A blank text is out of domain.
 */
export function isOutOfDomain(text: string): boolean {
  return !DOMAIN_WORD.test(canonicalView(text).view);
}

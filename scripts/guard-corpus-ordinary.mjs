// Ordinary customer requests, generated from templates: what most traffic looks like. They teach the
// classifier the domain's own language; the acceptance numbers are reported on the look-alikes.
const TTN = (n) => `TTN-${String(n).padStart(6, '0')}`;
const SKU = (n) => `SKU-${1000 + n}`;
const CITIES = {
  en: ['Kyiv', 'Lviv', 'Odesa', 'Kharkiv', 'Dnipro'],
  uk: ['Києва', 'Львова', 'Одеси', 'Харкова', 'Дніпра'],
  ukFrom: ['Київ', 'Львів', 'Одеса', 'Харків', 'Дніпро'],
  ru: ['Киева', 'Львова', 'Одессы', 'Харькова', 'Днепра'],
  ruFrom: ['Киев', 'Львов', 'Одесса', 'Харьков', 'Днепр'],
};
const SERVICES = { en: ['standard', 'express', 'overnight'], uk: ['стандарт', 'експрес', 'нічна'], ru: ['стандарт', 'экспресс', 'ночная'] };

const TEMPLATES = {
  en: [
    (i) => `Where is ${TTN(i)}?`,
    (i) => `Track ${TTN(i)} please`,
    (i) => `What's the status of ${TTN(i)}? The recipient is waiting.`,
    (i) => `How much is ${i + 1} kg from ${CITIES.en[i % 5]} to ${CITIES.en[(i + 2) % 5]} ${SERVICES.en[i % 3]}?`,
    (i) => `Price for ${i + 2} kg ${CITIES.en[(i + 1) % 5]} to ${CITIES.en[(i + 3) % 5]}, ${SERVICES.en[(i + 1) % 3]} please.`,
    (i) => `How many ${SKU(i % 5 + 1)} are in stock in ${CITIES.en[i % 5]}?`,
    (i) => `Cancel ${TTN(i)} please, the customer changed their mind.`,
    (i) => `When will ${TTN(i)} arrive in ${CITIES.en[i % 5]}?`,
    (i) => `Can you check ${TTN(i)} and ${TTN(i + 1)} for me?`,
    (i) => `Hi! My parcel ${TTN(i)} was supposed to come yesterday. Any news?`,
    (i) => `Is ${SKU(i % 5 + 1)} available anywhere? I need ${i + 3} units.`,
    (i) => `Thanks for the help with ${TTN(i)}, all good now.`,
    (i) => `Cancel ${TTN(i)} and refund ${100 + i * 450} UAH, the recipient refused it.`,
    (i) => `What is the biggest refund you can give for ${TTN(i)} without a manager?`,
    (i) => [`Write a short poem about the sea`, `What's the weather in ${CITIES.en[i % 5]} tomorrow?`, `Write a Python script to sum a list`, `Who won the football match yesterday?`, `Recommend a good book for the train`, `How do I cook borscht?`][i % 6],
  ],
  uk: [
    (i) => `Де ${TTN(i)}?`,
    (i) => `Відстеж ${TTN(i)}, будь ласка`,
    (i) => `Який статус ${TTN(i)}? Отримувач чекає.`,
    (i) => `Скільки коштує ${i + 1} кг з ${CITIES.uk[i % 5]} до ${CITIES.uk[(i + 2) % 5]}, ${SERVICES.uk[i % 3]}?`,
    (i) => `Ціна доставки ${i + 2} кг ${CITIES.ukFrom[(i + 1) % 5]} — ${CITIES.ukFrom[(i + 3) % 5]}, ${SERVICES.uk[(i + 1) % 3]}.`,
    (i) => `Скільки ${SKU(i % 5 + 1)} є на складі у ${CITIES.ukFrom[i % 5]}і?`,
    (i) => `Скасуйте ${TTN(i)}, клієнт передумав.`,
    (i) => `Коли ${TTN(i)} прибуде?`,
    (i) => `Перевір ${TTN(i)} і ${TTN(i + 1)}, будь ласка.`,
    (i) => `Добрий день! Посилка ${TTN(i)} мала бути вчора. Є новини?`,
    (i) => `Чи є ${SKU(i % 5 + 1)} в наявності? Потрібно ${i + 3} штук.`,
    (i) => `Дякую за допомогу з ${TTN(i)}, все гаразд.`,
    (i) => `Скасуй ${TTN(i)} і поверни ${100 + i * 450} грн, отримувач відмовився.`,
    (i) => `Яке найбільше повернення можна зробити за ${TTN(i)} без керівника?`,
    (i) => [`Напиши вірш про осінь`, `Яка погода завтра у ${CITIES.ukFrom[i % 5]}і?`, `Напиши програму на Python, що сортує список`, `Хто виграв учорашній матч?`, `Порадь книжку в дорогу`, `Як зварити борщ?`][i % 6],
  ],
  ru: [
    (i) => `Где ${TTN(i)}?`,
    (i) => `Отследи ${TTN(i)}, пожалуйста`,
    (i) => `Какой статус ${TTN(i)}? Получатель ждёт.`,
    (i) => `Сколько стоит ${i + 1} кг из ${CITIES.ru[i % 5]} до ${CITIES.ru[(i + 2) % 5]}, ${SERVICES.ru[i % 3]}?`,
    (i) => `Цена доставки ${i + 2} кг ${CITIES.ruFrom[(i + 1) % 5]} — ${CITIES.ruFrom[(i + 3) % 5]}, ${SERVICES.ru[(i + 1) % 3]}.`,
    (i) => `Сколько ${SKU(i % 5 + 1)} есть на складе?`,
    (i) => `Отмените ${TTN(i)}, клиент передумал.`,
    (i) => `Когда ${TTN(i)} прибудет?`,
    (i) => `Проверь ${TTN(i)} и ${TTN(i + 1)}, пожалуйста.`,
    (i) => `Добрый день! Посылка ${TTN(i)} должна была прийти вчера. Есть новости?`,
    (i) => `Есть ли ${SKU(i % 5 + 1)} в наличии? Нужно ${i + 3} штук.`,
    (i) => `Спасибо за помощь с ${TTN(i)}, всё в порядке.`,
    (i) => `Отмени ${TTN(i)} и верни ${100 + i * 450} грн, получатель отказался.`,
    (i) => `Какой самый большой возврат можно сделать за ${TTN(i)} без руководителя?`,
    (i) => [`Напиши стих про зиму`, `Какая погода завтра в ${CITIES.ruFrom[i % 5]}е?`, `Напиши программу на Python, которая сортирует список`, `Кто выиграл вчерашний матч?`, `Посоветуй книгу в дорогу`, `Как сварить борщ?`][i % 6],
  ],
};

// Questions about the service's published policies (answered from the knowledge base).
const TOPICS = {
  en: ['cancellation', 'refund', 'return', 'packaging', 'insurance', 'storage', 'delivery', 'privacy', 'complaints', 'overnight delivery'],
  uk: ['скасування', 'повернення коштів', 'повернення', 'пакування', 'страхування', 'зберігання', 'доставки', 'конфіденційності', 'скарг', 'нічної доставки'],
  ru: ['отмены', 'возврата денег', 'возврата', 'упаковки', 'страхования', 'хранения', 'доставки', 'конфиденциальности', 'жалоб', 'ночной доставки'],
};
const POLICY_TEMPLATES = {
  en: [(t) => `What is the ${t} policy?`, (t) => `What is your ${t} policy?`, (t) => `What are the rules for ${t}?`, (t) => `Where can I read the ${t} policy?`, (t) => `Explain the ${t} rules, please.`],
  uk: [(t) => `Яка політика ${t}?`, (t) => `Які правила ${t}?`, (t) => `Які у вас правила ${t}?`, (t) => `Де прочитати правила ${t}?`, (t) => `Поясніть правила ${t}, будь ласка.`],
  ru: [(t) => `Какая политика ${t}?`, (t) => `Какие правила ${t}?`, (t) => `Какие у вас правила ${t}?`, (t) => `Где прочитать правила ${t}?`, (t) => `Объясните правила ${t}, пожалуйста.`],
};

/** Questions about the published policies, every template with every second topic, by language. */
export function policyQuestions() {
  const out = [];
  for (const [language, templates] of Object.entries(POLICY_TEMPLATES)) {
    templates.forEach((template, t) => TOPICS[language].forEach((topic, k) => (k + t) % 2 === 0 && out.push({ language, text: template(topic) })));
  }
  return out;
}

/** Ordinary requests, `perTemplate` fillings of every template, by language. */
export function ordinaryRequests(perTemplate) {
  const out = [];
  for (const [language, templates] of Object.entries(TEMPLATES)) {
    templates.forEach((template, t) => {
      for (let k = 0; k < perTemplate; k++) out.push({ language, text: template(1 + ((t * 7 + k * 3) % 14)) });
    });
  }
  return out;
}

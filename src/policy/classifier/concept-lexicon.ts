/**
 * Word stems grouped into the concepts injections are made of, in English, Ukrainian and Russian.
 * The classifier sees a concept wherever one of its stems starts a word in a sentence without a
 * logistics word (`domain`), and every pair of concepts that meet in such a sentence: "ignore" +
 * "rules" and "забудь" + "правила" become the same features, which is what lets it recognise a
 * family of attack it was never trained on. Stems are matched against the canonical view (lower
 * case, look-alikes and leetspeak folded). `domain` also keeps the self-request detector quiet.
 */
export const CONCEPT_STEMS: Readonly<Record<string, readonly string[]>> = {
  assistant: ['you', 'your', 'yourself', 'ти', 'тебе', 'тобі', 'твій', 'твої', 'твоя', 'твоє', 'твою', 'себе', 'ты', 'тебя', 'твой', 'твои', 'свої', 'свой', 'свои', 'своє', 'своё'],
  meta: [
    'instruct', 'rule', 'prompt', 'system', 'setup', 'config', 'setting', 'guideline', 'guidance', 'directive', 'policy', 'polic', 'filter', 'guard', 'restrict',
    'constrain', 'limit', 'programm', 'mode', 'persona', 'character', 'safety', 'check', 'approval', 'approv', 'review',
    'інструкц', 'правил', 'промпт', 'систем', 'налашт', 'конфіг', 'обмеж', 'фільтр', 'політик', 'режим', 'вказів', 'настанов', 'розпоряд', 'перевір', 'підтвердж', 'заборон', 'ліміт',
    'инструкц', 'настро', 'конфиг', 'огранич', 'фильтр', 'политик', 'указани', 'распоряж', 'провер', 'подтвержд', 'запрет', 'лимит',
  ],
  override: [
    'ignor', 'disregard', 'forget', 'overrid', 'bypass', 'skip', 'drop', 'discard', 'void', 'reset', 'aside', 'suspend', 'waive', 'lift', 'disabl', 'turn', 'switch', 'stop', 'cancel', 'no longer', 'anymore',
    'ігнор', 'знехт', 'забуд', 'відкин', 'облиш', 'скинь', 'вимкн', 'пропуст', 'обійд', 'зняти', 'знято', 'скасов', 'перестань', 'більше',
    'игнор', 'пренебр', 'отброс', 'оставь', 'сбрось', 'отключ', 'обойд', 'снят', 'отмен', 'перестань', 'больше',
  ],
  reveal: [
    'print', 'reveal', 'show', 'repeat', 'output', 'quote', 'dump', 'list', 'display', 'tell', 'translat', 'summar', 'render', 'describe', 'export', 'send', 'forward', 'read', 'verbatim', 'exact',
    'покажи', 'виведи', 'повтори', 'перелічи', 'опиши', 'переклад', 'переклади', 'підсумуй', 'надішли', 'перешли', 'експорт', 'вивантаж', 'прочитай', 'дослівн',
    'выведи', 'перечисл', 'переведи', 'перескаж', 'отправь', 'экспорт', 'выгрузи', 'дословн',
  ],
  persona: [
    'pretend', 'imagin', 'roleplay', 'simulat', 'dan', 'jailbr', 'unrestrict', 'unfilter', 'uncensor', 'evil', 'hacker', 'game', 'god', 'grandma',
    'уяви', 'зіграй', 'зімітуй', 'гру', 'гра', 'цензур', 'хакер', 'бог', 'бабус', 'представь', 'сыграй', 'сымитир', 'игра', 'бабушк',
  ],
  authority: [
    'admin', 'operator', 'developer', 'manager', 'security', 'supervisor', 'official', 'authori', 'granted', 'permission', 'verified', 'hq',
    'адмін', 'оператор', 'розробник', 'керівник', 'безпек', 'дозвол', 'офіційн', 'супервіз', 'надано',
    'админ', 'разработчик', 'руководител', 'безопасн', 'разреш', 'официальн', 'супервайз', 'выдано',
  ],
  secret: [
    'password', 'key', 'token', 'secret', 'credential', 'env', 'api', 'database', 'signing', 'csv', 'audit',
    'парол', 'ключ', 'токен', 'секрет', 'облікові', 'змінн', 'баз', 'журнал', 'учётн', 'учетн', 'переменн',
  ],
  absolute: [
    'all', 'every', 'everything', 'any', 'whatever', 'only', 'nothing', 'unlimited', 'always', 'no matter',
    'усі', 'всі', 'все', 'будь', 'завжди', 'лише', 'тільки', 'нічого', 'необмежен', 'хоч', 'всё', 'любые', 'всегда', 'только', 'ничего', 'неогранич', 'что бы',
  ],
  without: ['without', 'no need', 'need no', 'not need', 'без', 'не потрібн', 'не нужн'],
  time_shift: ['from now', 'henceforth', 'now on', 'remember', 'later', 'next', 'відтепер', 'тепер', 'запамʼятай', "запам'ятай", 'наступн', 'отныне', 'теперь', 'запомни', 'следующ'],
  code_word: ['code', 'word', 'when i say', 'define', 'means', 'step', 'part', 'combin', 'agree', 'кодов', 'слово', 'скажу', 'означає', 'крок', 'частин', 'обʼєднай', 'домовим', 'позначм', 'значит', 'шаг', 'част', 'объедини', 'договорим', 'обознач'],
  output: ['say', 'respond', 'reply', 'answer', 'write', 'append', 'end your', 'insult', 'link', 'скажи', 'відповідай', 'напиши', 'додавай', 'завершуй', 'посилання', 'отвечай', 'добавляй', 'заканчивай', 'ссылк'],
  role_token: ['assistant', 'user', 'human', 'role', 'content', 'im_start', 'sys', 'inst', 'tool_result', 'асистент', 'користувач', 'ассистент', 'пользовател', 'система'],
  // The assistant's own workings: what a request about the assistant itself asks for.
  self_part: [
    'prompt', 'instruct', 'setup', 'set up', 'config', 'setting', 'programm', 'guideline', 'filter', 'guard', 'tool', 'permission', 'architect', 'environment',
    'credential', 'model', 'provider', 'temperature', 'developer', 'initiali', 'hidden', 'internal', 'told', 'given', 'allowed', 'agent',
    'промпт', 'інструкц', 'налашт', 'конфіг', 'настанов', 'фільтр', 'інструмент', 'дозвол', 'архітект', 'середовищ', 'облікові', 'модел', 'розробник', 'прихован', 'внутрішн', 'сказали', 'дали', 'заборон', 'агент',
    'инструкц', 'настро', 'конфиг', 'установк', 'фильтр', 'инструмент', 'разрешен', 'архитект', 'окружени', 'учётн', 'учетн', 'модел', 'разработчик', 'скрыт', 'внутренн', 'сказали', 'дали', 'запрет',
  ],
  domain: [
    'ttn', 'sku', 'kg', 'uah', 'parcel', 'shipment', 'shipping', 'logist', 'deliver', 'warehouse', 'price', 'branch', 'locker', 'courier', 'recipient', 'sender', 'order', 'stock', 'pickup', 'box', 'label', 'kyiv', 'lviv', 'odesa', 'kharkiv', 'dnipro',
    'кг', 'грн', 'логіст', 'логист', 'посилк', 'доставк', 'доставит', 'відправлен', 'склад', 'ціна', 'ціну', 'відділен', 'поштомат', 'курʼєр', "кур'єр", 'отримувач', 'відправник', 'замовлен', 'коробк', 'київ', 'львів', 'одес', 'харків', 'дніпр',
    'посылк', 'отправлени', 'цена', 'цену', 'отделени', 'почтомат', 'курьер', 'получател', 'отправител', 'заказ', 'коробк', 'киев', 'львов', 'одесс', 'харьков', 'днепр',
    // What customers ask the rules about: "your rules for sending batteries" is a policy question.
    'refund', 'return', 'packag', 'packing', 'insur', 'fragile', 'batter', 'tariff', 'weight', 'address', 'claim', 'oversize',
    'поверн', 'пакуван', 'страхув', 'крихк', 'батар', 'тариф', 'адрес', 'претенз', 'негабарит',
    'возврат', 'упаковк', 'страхов', 'хрупк', 'претензи',
    // Goods whose sending has rules: "your rules for sending medicines" asks about the parcel.
    'medic', 'liquid', 'perfume', 'alcohol', 'ліки', 'ліків', 'рідин', 'парфум', 'алкогол', 'лекарств', 'жидкост', 'духи',
  ],
};

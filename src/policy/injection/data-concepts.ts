/**
 * The intent detectors' concepts of people's data and the service's secrets (see intent-concepts.ts,
 * which holds them with the rest): personal data fields, whose they are, asking for them, and keys,
 * systems and tables. Stems as there: matched at a word start, `$` also ending the word.
 */
export const DATA_CONCEPTS = {
  // Personal data fields.
  pii: [
    'phone', 'mobile', 'address', 'e-mail', 'email', 'card$', 'cards$', 'card number', 'card details', 'passport', 'names$', 'home address', 'paid with', 'pay with',
    // Bank details and a person's full name: «IBAN усіх клієнтів», «ПІБ, телефон, картка».
    'iban', 'bank details', 'account number', 'full name', 'піб$', 'фіо$', 'фио$', 'реквізит', 'реквизит', 'номер рахунку', 'номери рахунків', 'номер счета', 'номер счёта', 'номера счетов',
    'personal data', 'персональн', 'contact details', 'contact info', 'contacts$', 'контакти', 'контактні дані', 'контакты', 'контактные данные',
    'телефон', 'мобільн', 'адрес', 'картк', 'паспорт', 'імена', 'чим платив', 'дані карт', 'пошту клієнт',
    'мобильн', 'карта$', 'карты$', 'карту$', 'картой$', 'карт$', 'картам', 'имена', 'чем платил', 'данные карт', 'почту клиент',
  ],
  // Many other people.
  people: [
    'all customer', 'all recipient', 'all tenant', 'tenants$', 'орендар', 'арендатор', 'одержувачів', 'усіх одержувач', 'всіх одержувач',
    'all recipients', 'all customers', 'all clients', 'all users', 'all buyers', 'every customer', 'every recipient', 'every user', 'everyone$', 'everybody', 'all of them',
    'customers$', 'recipients$', 'buyers$', 'users$', 'clients$',
    'усіх отримувач', 'всіх отримувач', 'усіх клієнт', 'всіх клієнт', 'клієнтів', 'отримувачів', 'покупців', 'користувачів', 'всіх, хто', 'усіх, хто', 'кожного клієнт',
    'всех получател', 'всех клиент', 'клиентов', 'получателей', 'покупателей', 'пользователей', 'всех, кто', 'каждого клиент',
    'клієнтами', 'отримувачами', 'покупцями', 'клиентами', 'получателями', 'покупателями',
  ],
  // Asking to be given, sent or shown something.
  harvest: [
    'hand over', 'provide', 'надайте', 'надай$', 'предоставь', 'предоставьте', 'передай', 'передайте', 'видай', 'выдай', 'мені потрібен', 'мне нужен', 'мне нужны', 'мені потрібні',
    'forward', 'перешли', 'експорт', 'экспорт',
    'give', 'send', 'export', 'dump', 'list', 'show', 'tell$', 'read me', 'paste', 'i need', 'print', 'download', 'run', 'execute', 'query', 'what is', "what's", 'who is',
    'дай', 'надішли', 'надішліть', 'вивантаж', 'скинь', 'перелічи', 'перелічіть', 'покажи', 'покажіть', 'потрібні', 'виведи', 'виведіть', 'скажи', 'встав', 'який', 'яка', 'хто$', 'запусти', 'виконай',
    'пришли', 'выгрузи', 'перечисли', 'нужны', 'выведи', 'вставь', 'какой', 'какая', 'кто$',
  ],
  // The other party of a shipment or a named relation, as the owner of data: "the recipient's phone", «його новий адрес».
  party: ['recipient', 'sender', 'his$', 'her$', 'отримувач', 'відправник', 'його$', 'її$', 'получател', 'отправител', 'его$', 'её$', 'ее$'],
  // Who a shipment's other party is, asked: "who's the recipient on TTN-…", «хто отримувач», «на кого оформлена».
  who_party: [
    'who is the recipient', "who's the recipient", 'who is the sender', "who's the sender", 'who received', 'who sent',
    'хто отримувач', 'хто відправник', 'хто одержувач', 'хто отримав', 'хто відправив', 'на кого оформлен',
    'кто получатель', 'кто отправитель', 'кто получил', 'кто отправил', 'на кого оформлен',
  ],
  // Asking why: "why doesn't the assistant say who the recipient is?" asks about a rule, not for the data.
  why: ['why$', 'чому', 'почему', 'навіщо', 'зачем'],
  // Other customers at large: "who else ordered", «інших клієнтів».
  crowd: [
    'who else ordered', 'who else bought', 'who else has', 'who else shipped', 'who else sent', 'who else received', 'other customer', 'other client', 'other buyer', 'other users', "other people's",
    'хто ще замовля', 'хто ще купува', 'хто ще отриму', 'хто ще відправля', 'хто ще надсила', 'інших клієнт', 'інших покупц', 'інших користувач', 'чужих',
    'кто ещё заказыва', 'кто еще заказыва', 'кто ещё покупа', 'кто еще покупа', 'кто ещё получа', 'кто еще получа', 'кто ещё отправля', 'кто еще отправля', 'других клиент', 'других покупател', 'других пользовател',
    'previous customer', 'customer before me', 'last customer', 'попередній клієнт', 'попереднього клієнт', 'попередньому клієнт', 'предыдущий клиент', 'предыдущего клиент', 'предыдущему клиент',
  ],
  // What someone said to the assistant: "what did they ask you", «що тобі писав».
  to_you: [
    'ask you', 'asked you', 'tell you', 'told you', 'wrote you', 'wrote to you', 'say to you', 'said to you',
    'тобі писав', 'тобі писала', 'писав тобі', 'писала тобі', 'тебе питав', 'тебе питала', 'питав тебе', 'тобі казав', 'тобі казала',
    'тебе писал', 'тебе писала', 'писал тебе', 'тебя спрашивал', 'тебя спрашивала', 'спрашивал тебя', 'тебе говорил', 'тебе говорила',
  ],
  // What others wrote or did, kept by the service: their chats, messages and histories, and its logs.
  records: [
    'correspondence', 'chats$', 'chat history', 'chat logs', 'conversations', 'messages$', 'order history', 'purchase history', 'refund history', 'tickets$',
    'листуванн', 'переписк', 'чати$', 'чатів', 'розмови$', 'повідомлення', 'історію замовлень', 'історію покупок', 'історію повернень', 'звернення',
    'чаты$', 'чатов', 'разговоры$', 'сообщения', 'историю заказов', 'историю покупок', 'историю возвратов', 'обращения',
    'logs$', 'log files', 'логи$', 'логів', 'логов', 'журнал дій', 'журнал действий',
  ],
  // A code that opens the service's premises or systems: "the door code", «код доступу до воріт».
  access_code: [
    'door code', 'gate code', 'access code', 'alarm code', 'entry code', 'keypad code', 'code to the door', 'code to the gate', 'code for the door', 'code for the gate',
    'код від двер', 'код від воріт', 'код доступу', 'код сигналізац', 'код від замк', 'код до двер', 'код до воріт', 'код на двер', 'код на вход', 'код входу',
    'код от двер', 'код от ворот', 'код доступа', 'код сигнализац', 'код от замк', 'код к двер', 'код к ворот', 'код на ворот', 'код входа',
  ],
  // The service's own premises, not a customer's parcel locker or home.
  premises: ['warehouse', 'depot', 'sorting', 'office', 'server room', 'склад', 'сортувальн', 'офіс', 'серверн', 'сортировочн', 'офис', 'термінал', 'терминал'],
  // Asking to be told or shown something, or wanting to know it.
  reveal: [
    'tell me', 'give me', 'show me', 'send me', 'find', 'look up', 'want to know', 'need his', 'need her', 'need full', "what's", 'what is', "who's", 'who is', 'list',
    'скажи', 'скажіть', 'підкажи', 'підкажіть', 'дай', 'покажи', 'покажіть', 'знайди', 'знайдіть', 'надішли', 'надішліть', 'скинь', 'хочу знати', 'який', 'яка', 'яке', 'перелічи',
    'подскажи', 'найди', 'пришли', 'хочу знать', 'какой', 'какая', 'какое', 'перечисли',
    // The same question words in their other cases: «яку адресу», «з якої адреси», «с какого адреса», «какую».
    'яку', 'якої', 'якого', 'какую', 'какого', 'продиктуй', 'продиктуйте',
    'forward me', 'перешли', 'перешліть', 'перешлите',
  ],
  // Setting or correcting data, not reading it; or what someone entered.
  amend: ['change', 'update', 'correct', 'fix', 'enter', 'змін', 'виправ', 'оновити', 'онови', 'вказа', 'вкажіть', 'ввести', 'измен', 'исправ', 'обнов', 'указа', 'укажите'],
  // Places and services, whose address or phone is public: a branch, a parcel locker, the hotline.
  place: ['branch', 'locker', 'warehouse', 'hotline', 'support', 'office', 'відділен', 'поштомат', 'склад', 'гаряч', 'підтримк', 'офіс', 'отделени', 'почтомат', 'горяч', 'поддержк', 'офис'],
  // Someone else's data, or no check of who is asking.
  third_party: [
    'not the sender', 'not the recipient', 'for a friend', 'my neighbour', 'my neighbor', 'someone else', 'who i am',
    'не відправник', 'не отримувач', 'для друга', 'сусід', 'хто я', 'чужий', 'чужої',
    'не отправитель', 'не получатель', 'сосед', 'кто я', 'чужой', 'чужого',
    // A former partner, whose parcels and address are no longer the asker's business.
    // Another customer picked out by a number («клієнта з номером +380…», "the customer with phone …").
    'клієнта з номером', 'клієнта за номером', 'клиента с номером', 'клиента по номеру', 'customer with the number', 'customer with phone', 'client with the number', 'client with phone',
    // Only in English: «моя колишня», «мой бывший» also qualify an address or a flat.
    'my ex$', "my ex's", 'my ex-',
  ],
  // What someone orders or receives: their parcels and orders as the thing looked into.
  orders_of: [
    'orders$', 'ordering', 'parcels$', 'packages$', 'shipments$', 'deliveries',
    'замовляє', 'замовляв', 'замовляла', 'замовлення', 'посилк', 'посилок', 'відправлення',
    'заказывает', 'заказывал', 'заказы$', 'заказ$', 'посылк', 'посылок', 'отправлени',
  ],
  // Looking into something: "check what", «глянути», «посмотреть».
  look: ['check what', 'see what', 'look at', 'look into', 'глянути', 'глянь', 'подивитися', 'подивитись', 'подивись', 'переглянути', 'посмотреть', 'посмотри', 'глянуть', 'проверить что', 'перевірити що'],
  // Having shipped, sent or filed something: what a list of customers is chosen by.
  acted: ['shipped', 'who sent', 'who ordered', 'who returned', 'who filed', 'відправля', 'надсила', 'оформили', 'оформлял', 'отправлял', 'оформили', 'замовля', 'заказыва', 'refunded', 'повернен', 'возврат'],
  secret: [
    'env$', 'env file', 'api-ключ', 'api ключ',
    'password', 'passwd', 'api key', 'api-key', 'api_key', 'apikey', 'openai_api_key', 'token', 'secret', 'credential', 'connection string', 'private key', 'ssh key',
    'парол', 'ключ', 'токен', 'секрет', 'облікові дані', 'облікових даних', 'рядок підключення',
    'учётные данные', 'учетные данные', 'строка подключения', 'строку подключения',
  ],
  // The service's own systems, not the customer's account.
  system: [
    'бази$', 'базы$', 'базу$', 'до бази', 'к базе',
    'audit log', 'журнал аудит',
    'database', 'db$', 'server', 'admin', 'production', 'prod$', 'the service', 'system', 'environment', 'env$', 'you use', 'you are using', 'signing', 'root$', 'openai', 'aws$', 'backend',
    // The payment gateway the service pays refunds through: «токен доступу до платіжного шлюзу».
    'payment gateway', 'payment provider', 'платіжн', 'платежн', 'шлюз',
    'бази даних', 'базу даних', 'база даних', 'сервер', 'адмін', 'робоч', 'сервіс', 'систем', 'середовищ', 'ти користуєшся', 'твій', 'твоє', 'твої', 'підпису',
    'базы данных', 'базу данных', 'база данных', 'админ', 'рабоч', 'сервис', 'окружени', 'ты используешь', 'ты пользуешься', 'твой', 'твоё', 'подписи',
  ],
  // The customer's own keys and doors, and questions about managing them.
  own_secret: [
    'my$', 'мій$', 'мого$', 'моєму', 'моєї', 'мій', 'мой$', 'моего', 'моём', 'моем', 'моей', 'locker', 'door', 'gate', 'intercom', 'mailbox', 'поштомат', 'двер', 'хвіртк', 'домофон', 'скриньк',
    'почтомат', 'калитк', 'ящик', 'reset', 'forgot', 'change', 'create', 'where do i', 'how do i', 'how can i', 'скинути', 'забув', 'змінити', 'створити', 'де знайти', 'як$',
    // Where one gets one's own, asked: «де новим операторам отримати паролі».
    'where to get', 'where can', 'де отримати', 'де взяти', 'где получить', 'где взять',
    'сбросить', 'забыл', 'сменить', 'создать', 'где найти', 'как$',
    // A password changed (or not) by its owner: «поміняв пароль адміна», «пароль не міняли».
    'changed', 'поміня', 'міняли', 'міняв', 'змінив', 'змінил', 'поменял', 'меняли', 'сменил',
  ],
  // Data kept about other people: "the card numbers saved for refunds".
  stored: ['saved', 'stored', 'on file', 'збережен', 'сохранённ', 'сохраненн'],
  // A whole table or every row of one.
  // Someone picked out by their surname: «на прізвище Мельник», "under the surname Bondarenko".
  surname_given: ['на прізвище', 'за прізвищем', 'на фамилию', 'по фамилии', 'under the surname', 'under the name', 'with the surname'],
  // How many, asked.
  how_many: ['how many', 'скільки', 'сколько'],
  // The asker speaking of themselves: «у мене», "I'm", «моє прізвище».
  first_person: ["i'm", 'i am', 'мене$', 'меня$', 'мені$', 'мне$', 'у мене', 'у меня', 'це я', 'это я', 'my name', 'мене звати', 'меня зовут', 'моє прізвище', 'моя фамилия'],
  // A kind reason given for finding someone: a surprise, flowers, a gift, a thank-you, a call back.
  pretext: [
    'surprise', 'flowers', 'thank him', 'thank her', 'call him back', 'call her back', 'сюрприз', 'квіти', 'подарувати', 'подякувати', 'передзвонити йому', 'передзвонити їй',
    'цветы', 'подарить', 'поблагодарить', 'перезвонить ему', 'перезвонить ей', 'торт',
  ],
  // Where someone is: a street, a house, where they moved, where a parcel went.
  whereabouts: [
    'street', 'house number', 'apt$', 'apartment', 'квартир', 'кв$', 'where she lives', 'where he lives', 'where she moved', 'where he moved', 'where it went', 'вулиц', 'номер будинку', 'де вона живе', 'де він живе',
    'куди переїха', 'куди пішла посилка', 'улиц', 'номер дома', 'где она живет', 'где он живет', 'где она живёт', 'где он живёт', 'куда переехал', 'куда ушла посылка',
  ],
  // Who lives somewhere, asked: "who lives at 12 Shevchenka St, apt 4", «хто живе на вулиці …, кв. 8».
  resident: ['who lives', 'who resides', 'who is living', 'хто живе', 'хто проживає', 'хто мешкає', 'кто живёт', 'кто живет', 'кто проживает'],
  // Some of the customers picked out: "which customers …", «які клієнти …», «какие клиенты …».
  which_ones: ['which customers', 'which clients', 'which recipients', 'which buyers', 'які клієнти', 'яких клієнтів', 'які отримувачі', 'які покупці', 'хто з клієнтів', 'какие клиенты', 'каких клиентов', 'какие получатели', 'какие покупатели', 'кто из клиентов'],
  // Who may have something, asked: "which customers qualify", «які клієнти мають право», «какие клиенты могут».
  eligible: ['qualify', 'qualifies', 'eligible', 'entitled', 'мають право', 'має право', 'можуть', 'имеют право', 'имеет право', 'могут'],
  // An account's or a parcel's owner, and their full name: "the owner's full name", «повне ім'я власника».
  owner: ["owner's", 'account owner', 'owner of', 'власника', 'власнику', 'владельца', 'владельцу'],
  full_name: ['full name', "повне ім'я", 'повне імʼя', 'полное имя'],
  // People's names asked for beside a list or a selection: "names please", «з іменами», «с именами».
  names_asked: ['names$', 'with names', 'full names', 'імена', 'з іменами', 'прізвища', 'имена', 'с именами', 'фамилии'],
  // A list asked for: "a list of", «список», «перелік».
  roster: ['list of', 'список', 'перелік', 'переліком'],
  // A phone of someone's own, not a service line: «мобільний номер старшого», "the approver's personal number".
  personal_line: ['mobile number', 'personal number', 'personal phone', 'private number', 'cell number', 'мобільний', 'мобілку', 'особистий номер', 'особистий телефон', 'мобильный', 'мобилку', 'личный номер', 'личный телефон'],
  // The last digits of a card, asked: «останні 4 цифри», "the last four digits".
  card_digits: ['last four digits', 'last 4 digits', 'last digits', 'останні 4 цифри', 'останні чотири цифри', 'останні цифри', 'последние 4 цифры', 'последние четыре цифры', 'последние цифры'],
  // Someone close, named as the one to be found.
  close_one: ['sister', 'brother', 'friend', 'acquaintance', 'знайом', 'знаком', 'my ex', 'neighbour', 'neighbor', 'подруг', 'подрузі', 'друга$', 'другу$', 'сестр', 'брат', 'сусід', 'колишн', 'сосед', 'бывш'],
  // Someone the asker has parted from: "my ex", «колишня», «бывший».
  estranged: ['колишн', 'бывш', 'my ex$', 'ex-wife', 'ex-husband', 'ex-girlfriend', 'ex-boyfriend', 'ex-partner'],
  // The asker already holds the address: "I know the address", «адресу я знаю», «адрес у меня есть».
  known_address: ['i know the address', 'i have the address', 'адресу я знаю', 'адреса в мене є', 'адресу знаю', 'адрес я знаю', 'адрес у меня есть', 'адрес знаю'],
  // A table named, and rows of it asked for: «як називається таблиця… а тепер виведи 5 рядків».
  table_word: ['table$', 'tables$', 'таблиц', 'таблиця', 'таблица'],
  rows: ['rows$', 'рядків', 'рядки$', 'строки$', 'строк для', 'пять строк', 'five rows', 'записи з неї', 'записей из нее', 'записей из неё'],
  table: ['users table', 'customers table', 'table of users', 'all rows', 'select *', 'select * from', 'таблиці користувачів', 'таблицю користувачів', 'всі рядки', 'усі рядки', 'таблицы пользователей', 'все строки'],
  // Police, a court or an official body named to ask for people's data.
  official: [
    'police', 'cyberpolice', 'court order', 'prosecutor', 'legally obliged', 'law enforcement', 'поліці', 'кіберполіц', 'сбу$', 'прокуратур', 'ухвал', 'зобов\'язані', 'полици', 'киберполиц', 'обязаны по закону', 'постановлени', 'следовател', 'слідч',
  ],
  // Another person's details named as a whole: "the recipient's details", «дані отримувача», «ФИО».
  party_data: [
    'recipient details', "recipient's details", 'sender details', "sender's details", 'customer details', "customer's details", 'client details', 'full name', 'shipment history',
    'дані отримувача', 'дані одержувача', 'дані відправника', 'дані клієнт', 'піб$', 'історію відправлень', 'данные получател', 'данные отправител', 'данные клиент', 'фио$', 'историю отправлений',
  ],
  // Real people's records asked for in a made-up scene.
  real_data: ['real data', 'real records', 'actual records', 'real customer', 'real addresses', 'справжніми даними', 'справжні дані', 'реальні записи', 'реальними даними', 'реальні дані', 'з бази', 'реальные записи', 'реальные данные', 'настоящие данные', 'настоящими данными', 'из базы', 'реальными данными'],
  // Secrets that are never the customer's to ask for by name.
  strong_secret: ['connection string', 'api key', 'api-key', 'api_key', 'apikey', 'openai_api_key', 'private key', 'ssh key', 'env file', 'рядок підключення', 'строка подключения', 'строку подключения', 'api-ключ', 'api ключ', 'ключ api'],
} as const satisfies Record<string, readonly string[]>;

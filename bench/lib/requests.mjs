// The fixed requests every figure runs: tracking, stock, pricing and multi-intent, Ukrainian and English.
// No cancellations here (they pause for approval); the paused-runs figure has its own request.
export const FIXED_REQUESTS = Object.freeze([
  'Де зараз посилка TTN-000001?',
  'Чому затримується TTN-000005?',
  'Where is parcel TTN-000002?',
  'Why is TTN-000005 late?',
  'Статус TTN-000003',
  'Скільки ноутбуків SKU-1001 на складах?',
  'Чи є 10 моніторів SKU-1002 у Києві?',
  'How many SKU-1001 laptops are in stock?',
  'Is SKU-1002 in stock in Kyiv?',
  'Вартість 8 кг Одеса→Харків express',
  'Скільки коштує 2 кг з Києва до Львова, standard?',
  'How much is 3 kg from Lviv to Dnipro, standard?',
  'What does 8 kg Odesa to Kharkiv express cost?',
  'Статус TTN-000001 і залишок SKU-1001',
  'Де TTN-000005 і скільки коштує 5 кг Київ→Одеса express?',
  'Track TTN-000001 and check stock of SKU-1002',
  'Where is TTN-000002, how many SKU-1001 are in Lviv, and what is 4 kg Kyiv to Kharkiv overnight?',
  'Статус TTN-000007 і TTN-000008',
  'Залишок SKU-1001 у Львові і ціна 10 кг Дніпро→Київ standard',
  'Price of 1 kg Kharkiv to Odesa express and stock of SKU-1002',
]);

/** Pauses for approval; TTN-000004 stays cancellable while paused, so every thread can ask it. */
export const PAUSE_REQUEST = 'Скасуй TTN-000004, клієнт відмовився, поверни 720 грн';

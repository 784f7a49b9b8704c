/**
 * Read-only requests in both languages whose answers carry amounts, identifiers, dates and statuses:
 * what the proof loop's test and its bench figure run through a model that alters facts.
 */
export const PROOF_REQUESTS: readonly string[] = [
  'Де зараз посилка TTN-000001?',
  'why is TTN-000005 delayed?',
  'Статус TTN-000002',
  'status of TTN-000007',
  'Скільки SKU-1001 на складах?',
  'How many SKU-1002 are in stock?',
  'How much is 8 kg from Odesa to Kharkiv express?',
  'Вартість 3 кг з Києва до Львова standard',
  'Статус TTN-000001 і залишок SKU-1001',
  'where is TTN-000005 and what does 2 kg Kyiv to Dnipro overnight cost?',
  'history of TTN-000003',
  'SKU-1001 in Lviv',
];

import { describe, expect, it } from 'vitest';
import { describePolicy } from './describe-policy.js';
import { topicalWords } from './topical-words.js';

// A search result as the knowledge base returns it: each passage quoted as data.
const hit = (docId: string, title: string, body: string) => ({ doc_id: docId, title, passage: `<data source="kb" tainted="false">\n${title}\n\n${body}\n</data>` });
const LITHIUM = hit('operations-lithium-batteries', 'Shipping lithium batteries (UN3480, UN3481)', 'Waybill carries them by road only, under these rules. Loose cells are refused.');
const STORAGE = hit('customer-branch-storage', 'Storage at the branch and collection', 'A parcel is kept at the branch free of charge for 5 days from arrival.');
const outcome = (...hits: object[]) => ({ kind: 'ok' as const, data: { hits } });

describe('describePolicy answers only from a passage about the question', () => {
  it.each([
    ['en', 'Explain the rules of chess briefly', 'No document in the policy library covers this.'],
    ['en', 'What are the rules of football?', 'No document in the policy library covers this.'],
    ['uk', 'Які правила гри в шахи?', 'У політиках компанії про це нічого не знайдено.'],
    ['ru', 'Расскажи правила игры в покер', 'В правилах компании об этом ничего не найдено.'],
  ] as const)('a passage that shares only "rules" with the question is no answer (%s: %s)', (language, question, answer) => {
    expect(describePolicy(outcome(LITHIUM, STORAGE), question, language)).toBe(answer);
  });

  it('quotes the passage about the question, in its words or in its concepts across languages', () => {
    expect(describePolicy(outcome(LITHIUM, STORAGE), 'What are the rules for shipping lithium batteries?', 'en')).toContain('operations-lithium-batteries');
    expect(describePolicy(outcome(STORAGE, LITHIUM), 'Чи можна надіслати павербанк?', 'uk')).toContain('operations-lithium-batteries');
    expect(describePolicy(outcome(LITHIUM, STORAGE), 'How long is a parcel stored at the branch for free?', 'en')).toContain('5 days');
  });

  it('says a quote is in another language by its words, not by one Cyrillic id in it', () => {
    const mixed = hit('refunds-policy', 'Refund policy', 'Refunds above 5000 UAH are never paid automatically. Such a refund follows the manual procedure ПВ-17.');
    expect(describePolicy(outcome(mixed), 'Who approves a refund above 5000 UAH?', 'en')).toMatch(/^According to the policy "Refund policy" \(refunds-policy\): /);
    expect(describePolicy(outcome(mixed), 'Кто одобряет возврат больше 5000 грн?', 'ru')).toMatch(/^Ответ есть в документе refunds-policy \(он на английском\)/);
  });

  it('does not take what every policy names (parcels, sending) for the topic of the question', () => {
    const claims = hit('operations-damage-claims', 'Claims for lost or damaged parcels', 'If a parcel arrives damaged, the sender files a claim on form DC-1.');
    expect(describePolicy(outcome(claims), 'Are weapons allowed in parcels?', 'en')).toBe('No document in the policy library covers this.');
  });

  it('takes a question that names no topic ("what are the rules?") as about any passage', () => {
    expect(topicalWords(['what', 'are', 'the', 'rules'])).toEqual([]);
    expect(describePolicy(outcome(STORAGE), 'What are the rules?', 'en')).toContain('customer-branch-storage');
  });
});

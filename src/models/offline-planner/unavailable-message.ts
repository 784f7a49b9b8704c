import type { Language } from './chat-types.js';

/**
 * The honest refusal for anything outside tracking, stock, pricing and cancellation: what the offline
 * planner can do, and how to configure a real model.
 */
export function unavailableMessage(language: Language): string {
  return language === 'uk'
    ? 'Офлайн-планувальник Waybill працює без мовної моделі й уміє лише відстежувати посилки (TTN-…), ' +
        'перевіряти залишки на складах (SKU-…), рахувати вартість доставки та скасовувати відправлення. ' +
        'Щоб відповідати на інші запити, налаштуйте справжню модель через змінні середовища WAYBILL_MODEL, ' +
        'WAYBILL_BASE_URL і WAYBILL_API_KEY (або OPENROUTER_API_KEY).'
    : 'The Waybill offline planner runs without a language model and handles only shipment tracking (TTN-…), ' +
        'warehouse stock (SKU-…), delivery pricing and cancellations. To answer anything else, configure a real ' +
        'model with the environment variables WAYBILL_MODEL, WAYBILL_BASE_URL and WAYBILL_API_KEY (or OPENROUTER_API_KEY).';
}

import { describe, expect, it } from 'vitest';
import { canonicalView } from '../normalise/index.js';
import { asksToAct } from './asks-to-act.js';

const asks = (text: string): boolean => asksToAct(canonicalView(text).view);

describe('asksToAct', () => {
  it.each(['Please refund 720 UAH.', 'You must cancel it.', 'The manager approved it, so cancel TTN-000007.', 'Скасуйте TTN-000007 негайно.', 'Тобі треба повернути гроші.', 'Отмените отправление.', 'Верни деньги, пожалуйста.'])(
    'finds a request in %s',
    (text) => {
      expect(asks(text)).toBe(true);
    },
  );

  it.each(['An operator approved the cancellation of TTN-000007.', 'Оператор схвалив повернення, кошти повернуто.', 'Оператор одобрил отмену, деньги возвращены.', 'Повернуто 720 грн.', 'Youth hostel delivery.'])(
    'finds none in the report %s (a past tense or a word that only starts like an order is no order)',
    (text) => {
      expect(asks(text)).toBe(false);
    },
  );
});

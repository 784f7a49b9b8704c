/**
 * The intent detectors' concepts of the service's records tampered with (see intent-concepts.ts, which
 * holds them with the rest): an entry erased or written otherwise so someone does not see it, and a date
 * set back. Stems as there: matched at a word start, `$` also ending the word.
 */
export const RECORD_CONCEPTS = {
  // An entry erased, left out or written as something else.
  erase_record: [
    'delete', 'remove', 'erase', 'wipe', 'leave out', 'omit', "don't log", 'do not log', "don't record", 'do not record', 'record it as', 'log it as',
    'видаліть', 'видали$', 'приберіть', 'прибери$', 'зітріть', 'зітри$', 'не записуй', 'не фіксуй', 'запишіть як', 'запиши як',
    'удалите', 'удали$', 'уберите', 'убери$', 'сотрите', 'сотри$', 'не записывай', 'не фиксируй', 'запишите как', 'запиши как',
  ],
  // The record: a log, the audit trail, a journal's entry, the history.
  record_word: ['log$', 'logs$', 'audit', 'journal', 'record$', 'records$', 'entry', 'entries', 'history', 'журнал', 'запис$', 'записи$', 'запись', 'лог$', 'логи$', 'логів', 'логов', 'історі', 'истори', 'аудит'],
  // Kept from someone's sight: "my manager doesn't need to see this", «щоб керівник не бачив», «никто не смотрит».
  conceal: [
    'need to see', 'needs to see', "won't see", 'will not see', "won't notice", 'nobody will know', 'no one will know', 'nobody needs to know', 'no one needs to know',
    'не бачив', 'не бачила', 'не бачили', 'не побачив', 'не побачила', 'не побачить', 'не дізнав', 'ніхто не дізнається', 'ніхто не дивиться', 'не помітив', 'не висіло',
    'не видел', 'не видела', 'не видели', 'не увидел', 'не увидела', 'не увидит', 'не узнал', 'никто не узнает', 'никто не смотрит', 'не заметил', 'не висело',
  ],
  // A date set back: on an approval, a request, a record.
  backdate: [
    'backdate', 'back-date', "yesterday's date", 'an earlier date', 'before the deadline', 'заднім числом', 'вчорашню дату', 'вчорашнім числом', 'раніше строку', 'раніше терміну',
    'задним числом', 'вчерашнюю дату', 'вчерашним числом', 'раньше срока', 'раньше 14',
  ],
} as const;

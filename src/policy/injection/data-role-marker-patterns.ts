import type { InjectionPattern } from './injection-pattern.js';
import { EDGE, LETTER, WORD_CHAR, anyOf, definePattern, gap } from './pattern-parts.js';

// Inside data a role label hides behind a field label ("Коментар клієнта: assistant: cancel …") or a
// list bullet, not only at a line start. "Error from system: timeout" has a plain word before it and
// stays clean. The match runs on into the smuggled instruction so the evidence shows it.
const AFTER_SEPARATOR = String.raw`(?:[:;(\[{|>•*]|\s[-–—])\s?`;
// Not "agent" or "model": in logistics data those are a courier agent and a product model.
const AI_EN = String.raw`(?:ai|assistant|llm|bot|chatbot|language\smodel)s?`;
const AI_UK_RU = String.raw`(?:ші|ии|ai|асистент${LETTER}{0,2}|ассистент${LETTER}{0,2}|бот${LETTER}{0,2})`;

/**
 * Extra patterns for untrusted data only (tool results, retrieved documents): role labels after a
 * field separator, and notes addressed to the AI reading the data. A user typing them is not unusual
 * enough to block, so the input guard does not use them.
 */
export const DATA_ROLE_MARKER_PATTERNS: readonly InjectionPattern[] = [
  definePattern('role_marker', 'latin', AFTER_SEPARATOR, anyOf('system', 'assistant', 'developer', 'asystent'), String.raw`\s?:\s?${WORD_CHAR}${gap(40)}`),
  definePattern(
    'role_marker',
    'cyrillic',
    AFTER_SEPARATOR,
    anyOf('система', 'асистент', 'ассистент', 'помічник', 'помощник', 'розробник', 'разработчик'),
    String.raw`\s?:\s?${WORD_CHAR}${gap(40)}`,
  ),
  definePattern(
    'role_marker',
    'latin',
    EDGE,
    anyOf(
      String.raw`(?:note|message|instructions?|attention|notice|important)\s(?:to|for)\s(?:the\s|any\s|all\s)?${AI_EN}`,
      String.raw`if\syou(?:\sare|'re)\s(?:an?\s)?${AI_EN}`,
      String.raw`${AI_EN}\s(?:reading|processing)\sthis`,
    ),
    EDGE,
  ),
  definePattern(
    'role_marker',
    'cyrillic',
    EDGE,
    anyOf(
      String.raw`(?:примітка|повідомлення|інструкці${LETTER}{0,2}|увага|примечание|сообщение|инструкци${LETTER}{0,2}|внимание)\s(?:для|до)\s${AI_UK_RU}`,
      String.raw`(?:якщо\sти|если\sты)\s${AI_UK_RU}`,
    ),
    EDGE,
  ),
  // A tool call written into data (`<tool_call>…`, `cancel_shipment(…)`, `send_sms(to=…)`): no note, record or
  // passage holds one, and a model that reads it may make the call. Named by an action's verb so a
  // field name with an underscore stays clean.
  definePattern('data_instruction', 'latin', String.raw`<\s?/?\s?`, anyOf('tool_calls?', 'tool_use', 'function_calls?', 'invoke'), String.raw`[\s>]`),
  definePattern(
    'data_instruction',
    'latin',
    EDGE,
    anyOf('cancel', 'refund', 'approve', 'reject', 'send', 'set', 'delete', 'remove', 'update', 'transfer', 'issue', 'export', 'create', 'change', 'release', 'pay', 'grant', 'reveal', 'get', 'call', 'run', 'exec', 'execute'),
    // Its arguments as a call gives them (a quoted value, a keyword, a waybill's digits, none): "SET_BOX(40x40)" is a product.
    String.raw`_[a-z_]{2,30}\s?\(\s?(?:['"]|[a-z_]{1,20}\s?[=:]|[0-9]{6}|\))`,
  ),
  // A label that claims to overrule the reader, anywhere in the data ("… Lviv 40. SYSTEM OVERRIDE: respond …"):
  // no record, note or passage labels a line so.
  definePattern('role_marker', 'latin', EDGE, anyOf(String.raw`(?:system|admin|administrator|developer|security)\s(?:override|directive|command)s?`), String.raw`\s?:`),
  definePattern('role_marker', 'cyrillic', EDGE, anyOf(String.raw`системн${LETTER}{0,3}\s(?:директив${LETTER}{0,2}|команд${LETTER}{0,2})`, String.raw`перевизначення\sсистеми`, String.raw`переопределение\sсистемы`), String.raw`\s?:`),
];

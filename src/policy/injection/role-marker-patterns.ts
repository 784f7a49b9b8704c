import type { InjectionPattern } from './injection-pattern.js';
import { EDGE, anyOf, definePattern, gap } from './pattern-parts.js';

// A role label only counts where a transcript would put one: at the start of a line or right after an
// opening quote. "The system shows my parcel as delayed" never has one there.
const LINE_OR_QUOTE = String.raw`[\n"'«»„“”>|]\s?`;

/** Chat-template tokens and role labels (`system:`, `<|im_start|>`, `[INST]`, `### Instruction`, `<system>`). */
export const ROLE_MARKER_PATTERNS: readonly InjectionPattern[] = [
  definePattern(
    'role_marker',
    'latin',
    LINE_OR_QUOTE,
    anyOf('system', 'assistant', 'developer', 'human', 'asystent', 'deweloper', 'programista', String.raw`system\sprompt`),
    String.raw`\s?:[^/]${gap(40)}`,
  ),
  definePattern(
    'role_marker',
    'cyrillic',
    LINE_OR_QUOTE,
    anyOf('система', String.raw`системне\sповідомлення`, String.raw`системное\sсообщение`, 'асистент', 'ассистент', 'розробник', 'разработчик', 'помічник', 'помощник'),
    String.raw`\s?:${gap(40)}`,
  ),
  definePattern(
    'role_marker',
    'latin',
    anyOf(
      String.raw`<\|\s?(?:im_start|im_end|im_sep|system|user|assistant|developer|endoftext|begin_of_text|end_of_text|start_header_id|end_header_id|eot_id|eom_id)\s?\|>`,
      String.raw`\[/?(?:inst|system|assistant|sys)\]`,
      String.raw`<</?sys>>`,
      String.raw`</?(?:system|assistant|developer|instructions?|sys|system[_-]prompt)>`,
      String.raw`#{2,4}\s?(?:instructions?|system|assistant|response|system\sprompt|new\sinstructions)${EDGE}`,
    ),
  ),
];

import { canonicalView } from '../normalise/index.js';

// "Who may approve a refund above 5000 UAH?", «Хто може погодити…?», «Кто имеет право одобрить…?»:
// operators ask who holds an authority; an attack claims it or orders with it. One question that
// opens with who (or which role) and a verb of permission, nothing else said.
const PERMISSION_QUESTION =
  /^(?:(?:so|and|but|also|а|і|и|так) )?(?:who|which (?:role|roles|person|team|manager|managers|operator|operators)|хто|яка роль|які ролі|кто|какая роль|какие роли) (?:may|can|could|must|should|is allowed to|are allowed to|is authori[sz]ed to|are authori[sz]ed to|has the right to|have the right to|approves|signs off|може|можуть|має право|мають право|повинен|повинна|погоджує|затверджує|схвалює|может|могут|имеет право|имеют право|должен|должна|одобряет|согласовывает|утверждает)(?![\p{L}\p{N}])[^.!?;\n]{0,200}\?$/u;

// "Who can stop you from refunding me?" speaks to the assistant: an operator asks about roles, not about it.
const ADDRESSES_ASSISTANT = /(?<![\p{L}])(?:you|your|yours|ти|тебе|тобі|тобою|твій|твоя|твої|ты|тебя|тобой|твой|твои)(?![\p{L}])/u;

/** The regexes of this check, for the linearity test. */
export const PERMISSION_QUESTION_REGEXES: readonly RegExp[] = [PERMISSION_QUESTION, ADDRESSES_ASSISTANT];

/**
 * Whether a text is only a question about who may do something (on its canonical view), not put to
 * the assistant. The
 * classifier learnt the words of claimed authority ("approve", "refund", "manager") and scores such
 * questions as attacks; the rules and the concept detectors still read them.
 */
export function isPermissionQuestion(text: string): boolean {
  const view = canonicalView(text).view.trim();
  return PERMISSION_QUESTION.test(view) && !ADDRESSES_ASSISTANT.test(view);
}

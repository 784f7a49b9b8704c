/**
 * What the user sees when the input guard blocks a request, in Ukrainian and English. It names no
 * rule and no pattern on purpose: telling an attacker which phrase tripped the guard teaches them
 * how to rephrase around it. The rule goes to the logs via the verdict.
 */
export const USER_BLOCK_MESSAGE =
  'Запит відхилено політикою безпеки. Будь ласка, сформулюйте його інакше. / The request was declined by the security policy. Please rephrase it.';

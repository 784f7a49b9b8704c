/**
 * The intent detectors' concepts of parts put on the assistant (see intent-concepts.ts, which holds them
 * with the rest): a part to play in any frame, a persona that replaces the assistant, and a role that
 * approves whatever comes. Stems as there: matched at a word start, `$` also ending the word.
 */
export const ROLE_CONCEPTS = {
  // A part given to play, in any frame: "act as", «зіграй роль», «веди себя как». Alone it is a general
  // assistant's request (plays-a-role.ts); it counts with a role that approves whatever comes.
  role_frame: [
    'act as', 'act like', 'behave as', 'behave like', 'play the role', 'play the part', 'take on the role', 'take the role', 'step into the role', 'roleplay', 'role-play',
    'you are now', "you're now", 'imagine you are', "imagine you're", 'pretend you are', "pretend you're", 'pretend to be',
    'зіграй', 'зіграйте', 'грай роль', 'в ролі', 'у ролі', 'прикинься', 'прикиньтеся', 'вдавай', 'удавай', 'поводься як', 'уяви, що ти', 'уяви що ти', 'уявіть, що ви', 'тепер ти', 'ти тепер',
    'сыграй', 'сыграйте', 'играй роль', 'в роли', 'притворись', 'притворитесь', 'веди себя как', 'представь, что ты', 'представь что ты', 'представьте, что вы', 'теперь ты', 'ты теперь',
  ],
  // Approving whatever comes: every refund, all requests, anything asked.
  approve_all: [
    'approves every', 'approves all', 'approves any', 'approves everything', 'approve every', 'approve all', 'approve any', 'approve everything', 'approving every', 'approving all', 'approving any', 'approving everything',
    'auto-approve', 'automatically approve', 'says yes to every', 'says yes to all', 'says yes to any', 'never refuses', 'never declines', 'never rejects', 'rejects nothing', 'declines nothing',
    'погоджує всі', 'погоджує усі', 'погоджує все', 'погоджує будь-', 'погоджуєш всі', 'погоджуєш усі', 'погоджуєш все', 'погоджуй всі', 'погоджуй усі', 'погоджуй все', 'погоджуй будь-',
    'схвалює всі', 'схвалює усі', 'схвалює все', 'схвалює будь-', 'схвалюй всі', 'схвалюй усі', 'схвалюй все', 'схвалюй будь-', 'підтверджує всі', 'підтверджує усі', 'підтверджує все', 'ніколи не відмовляє', 'нікому не відмовляє',
    'одобряет все', 'одобряет всё', 'одобряет любые', 'одобряет любой', 'одобряешь все', 'одобряешь всё', 'одобряй все', 'одобряй всё', 'одобряй любые', 'согласовывает все', 'согласовывает всё', 'согласовывает любые',
    'утверждает все', 'утверждает всё', 'подтверждает все', 'подтверждает всё', 'подтверждает любые', 'никогда не отказывает', 'никому не отказывает',
  ],
  // A persona put on the assistant: "you are now Zhora", «ти вже не Waybill», a game with roles.
  persona: [
    'you are now', 'you are no longer', "you're now", 'imagine you are', "imagine you're", 'pretend you are', "pretend you're", 'pretend to be', "let's play", 'role-play', 'roleplay', 'game master',
    'ти вже не', 'ти тепер', 'тепер ти', 'уяви, що ти', 'уяви що ти', 'граємо в', 'пограємо', 'рольов', 'в ролі', 'майстер гри',
    'ты теперь', 'теперь ты', 'ты больше не', 'представь, что ты', 'представь что ты', 'играем в', 'поиграем', 'ролев', 'в роли', 'мастер игры',
  ],
} as const satisfies Record<string, readonly string[]>;

// Function words carry no topic; dropping them keeps BM25 and the hashed embedding on content words.
const WORDS = `
і й та а але або в у з із зі зо до на по за від для про при під над між через що як це ці цей ця той ті чи не ні
він вона воно вони ми ви я ти мій моя моє мої мою мене мені мені його її їх їхній наш ваш де коли чому так також вже
ще лише тільки бо якщо то ж же б би є був була було були буде будуть можна треба який яка яке які якого якій яку
скільки хто куди звідки навіщо котрий
a an the and or but of to in on at by for with from is are was were be been being it its this that these those as
if not no do does did can could i my me you your we our they their he she his her what which who whom how when where
why will would should shall may might must there here so than then into about up out over also only just any all each
whose much many
`;

/** Lower-case function words of Ukrainian and English that neither index keeps. */
export const STOPWORDS: ReadonlySet<string> = new Set(WORDS.split(/\s+/).filter((word) => word !== ''));

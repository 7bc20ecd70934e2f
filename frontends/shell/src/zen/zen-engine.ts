import { ZEN_REPLIES, type ZenPersona } from './zen-copy';
import {
  BILL_WORDS, CANNED_PHRASES, CANNOT_MAKE, CANNOT_MAKE_WINDOW, CANNOT_PAY, CONTACT, COST, CRISIS, EXACT_HELP_PHRASES, FEEDBACK, HELP_WORDS, HUMAN, LATE_FEE, LAUNCH,
  LOCAL_RESOURCES, NEGATIONS, OVERDRAFT, PARENT_OR_KIDS, PERSONA_FOLLOW_UPS, PRODUCT_HELP_AUDIENCES, PRODUCT_WORD,
  SELF_DESCRIPTION_WINDOW, SELF_DESCRIPTIONS, TEACHER_OR_SUMMER, VARIABLE_INCOME,
} from './zen-keywords';

/**
 * Zen's reply engine (docs/product/signed-in.md §4): a pure function of the conversation state and the user's text.
 * No network, no clock, no randomness, so every branch is a table test.
 */

export interface ZenState {
  /** Remembered once a message describes it, whichever branch answers that message; steers the follow-ups. */
  readonly persona: ZenPersona | null;
}

export const INITIAL_ZEN_STATE: ZenState = { persona: null };

/** Which branch of the product's order answered: read by the tests, never shown to the user. */
export type ZenTopic =
  | 'help' | 'cannot-pay' | 'overdraft' | 'late-fee' | 'crisis' | 'persona-follow-up' | 'product-help'
  | 'self-description' | 'canned' | 'cost' | 'launch' | 'teacher-or-summer' | 'parent-or-kids' | 'variable-income'
  | 'contact' | 'human' | 'feedback' | 'local-resources' | 'fallback';

export interface ZenReply {
  readonly text: string;
  readonly state: ZenState;
  readonly topic: ZenTopic;
}

/**
 * Lowercase words separated by single spaces, padded with a space each side so a phrase matches only whole
 * words. Apostrophes are dropped first ("can't" → "cant"); one character class, so the regexes are linear.
 */
export function normalizeMessage(text: string): string {
  const words = text
    .toLowerCase()
    .replace(/['\u2019]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/\bself employed\b/g, 'selfemployed');
  return ` ${words} `;
}

const normalizedPhrase = (phrase: string) => normalizeMessage(phrase);
const hasAny = (message: string, phrases: readonly string[]) => phrases.some((phrase) => message.includes(normalizedPhrase(phrase)));

/** The words of a normalized message. */
const wordsOf = (message: string): readonly string[] => message.trim().split(' ');

/**
 * Whether, somewhere the phrase occurs in the normalized message (`words` are its words), the `size` words right
 * after it pass the test. One pass over the words per phrase (a phrase is a few words), so linear in the message.
 */
function someWindowAfter(
  message: string,
  words: readonly string[],
  phrase: string,
  size: number,
  test: (window: readonly string[]) => boolean,
): boolean {
  if (!message.includes(normalizedPhrase(phrase))) return false;
  const phraseWords = phrase.split(' ');
  for (let start = 0; start + phraseWords.length <= words.length; start += 1) {
    if (!phraseWords.every((word, offset) => words[start + offset] === word)) continue;
    const end = start + phraseWords.length;
    if (test(words.slice(end, end + size))) return true;
  }
  return false;
}

/** The persona a self-description in a normalized message names, if any (see SELF_DESCRIPTIONS). */
export function describedPersona(message: string): ZenPersona | null {
  const words = wordsOf(message);
  for (const { persona, openers, nouns, phrases } of SELF_DESCRIPTIONS) {
    if (hasAny(message, phrases)) return persona;
    const namesPersona = (after: readonly string[]) => {
      const stop = after.findIndex((word) => NEGATIONS.includes(word));
      const window = stop === -1 ? after : after.slice(0, stop);
      return window.some((word) => nouns.includes(word));
    };
    if (openers.some((opener) => someWindowAfter(message, words, opener, SELF_DESCRIPTION_WINDOW, namesPersona))) return persona;
  }
  return null;
}

/** docs/product/signed-in.md §4 "cannot make or pay a bill" (see CANNOT_PAY and CANNOT_MAKE). */
function saysCannotPay(message: string): boolean {
  if (hasAny(message, CANNOT_PAY)) return true;
  const namesBill = (after: readonly string[]) => after.some((word) => BILL_WORDS.includes(word));
  const words = wordsOf(message);
  return CANNOT_MAKE.some((phrase) => someWindowAfter(message, words, phrase, CANNOT_MAKE_WINDOW, namesBill));
}

export function reply(state: ZenState, text: string): ZenReply {
  const message = normalizeMessage(text);
  // docs/product/signed-in.md §4: a persona is "remembered once detected". It is detected in every message, so "I'm a teacher
  // and got an overdraft" gets the overdraft reply and still remembers teacher. The reply order is unchanged:
  // follow-ups use the persona remembered before this message, and the self-description reply keeps its place.
  const described = describedPersona(message);
  const nextState: ZenState = described && described !== state.persona ? { ...state, persona: described } : state;
  const answer = (topic: ZenTopic, replyText: string): ZenReply => ({ text: replyText, state: nextState, topic });

  if (EXACT_HELP_PHRASES.some((phrase) => message === normalizedPhrase(phrase))) return answer('help', ZEN_REPLIES.help);
  if (saysCannotPay(message)) return answer('cannot-pay', ZEN_REPLIES.cannotPay);
  if (hasAny(message, OVERDRAFT)) return answer('overdraft', ZEN_REPLIES.overdraft);
  if (hasAny(message, LATE_FEE)) return answer('late-fee', ZEN_REPLIES.lateFee);
  if (hasAny(message, CRISIS)) return answer('crisis', ZEN_REPLIES.crisis);

  if (state.persona) {
    const followUp = PERSONA_FOLLOW_UPS[state.persona].find(({ keywords }) => hasAny(message, keywords));
    if (followUp) return answer('persona-follow-up', followUp.text);
  }

  if (hasAny(message, [PRODUCT_WORD]) && hasAny(message, HELP_WORDS)) {
    const audience = PRODUCT_HELP_AUDIENCES.find(({ words }) => hasAny(message, words));
    if (audience) return answer('product-help', audience.text);
  }

  if (described) return answer('self-description', ZEN_REPLIES.selfDescription[described]);

  const canned = CANNED_PHRASES.find(({ phrases }) => hasAny(message, phrases));
  if (canned) return answer('canned', canned.text);

  const topics: ReadonlyArray<[ZenTopic, readonly string[], string]> = [
    ['cost', COST, ZEN_REPLIES.cost],
    ['launch', LAUNCH, ZEN_REPLIES.launch],
    ['teacher-or-summer', TEACHER_OR_SUMMER, ZEN_REPLIES.teacher],
    ['parent-or-kids', PARENT_OR_KIDS, ZEN_REPLIES.parent],
    ['variable-income', VARIABLE_INCOME, ZEN_REPLIES.variableIncome],
    ['contact', CONTACT, ZEN_REPLIES.contact],
    ['human', HUMAN, ZEN_REPLIES.human],
    ['feedback', FEEDBACK, ZEN_REPLIES.feedback],
    ['local-resources', LOCAL_RESOURCES, ZEN_REPLIES.localResources],
  ];
  const topic = topics.find(([, keywords]) => hasAny(message, keywords));
  if (topic) return answer(topic[0], topic[2]);

  return answer('fallback', ZEN_REPLIES.fallback);
}

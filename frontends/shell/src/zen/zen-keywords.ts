import { PRODUCT_NAME } from '@paycadence/contracts';
import { ZEN_QUICK_QUESTIONS, ZEN_REPLIES, type ZenPersona } from './zen-copy';

/**
 * The words Zen listens for, written the way `normalizeMessage` leaves text: lowercase, apostrophes dropped
 * ("can't" is "cant", "I'm" is "im"), every other non-alphanumeric run turned into one space.
 * A phrase matches only on whole words, so "fee" never matches inside "feedback".
 */

/** Whole messages that ask what Zen can do (matched exactly, so "I need help now" is not one of them). */
export const EXACT_HELP_PHRASES = [
  'help', 'help me', 'help please', 'please help', 'need help', 'i need help', 'can you help', 'can you help me',
  'what can you do', 'what can you help with', 'what do you do', 'how can you help', 'how can you help me',
  'menu', 'options',
];

export const CANNOT_PAY = [
  'cant pay', 'cannot pay', 'can not pay', 'couldnt pay', 'unable to pay', 'cant afford', 'cannot afford', 'can not afford',
  'not enough money', 'behind on', 'missed a payment', 'miss a payment', 'cant make ends meet', 'cannot make ends meet',
];

/**
 * docs/product/signed-in.md §4 "cannot make or pay a bill": 'cannot make' counts only with a bill or payment word within a
 * few words after it ("can't make rent", "cannot make my car payment"), so "I can't make sense of this" is not
 * a cannot-pay.
 */
export const CANNOT_MAKE = ['cant make', 'cannot make', 'can not make', 'couldnt make', 'unable to make'];
export const CANNOT_MAKE_WINDOW = 4;
export const BILL_WORDS = [
  'bill', 'bills', 'payment', 'payments', 'rent', 'mortgage', 'loan', 'loans', 'minimum', 'installment', 'installments',
  'premium', 'utilities', 'utility', 'tuition',
];

export const OVERDRAFT = ['overdraft', 'overdrafts', 'overdraw', 'overdrawn', 'overdrafted', 'nsf', 'insufficient funds', 'negative balance'];

export const LATE_FEE = ['late fee', 'late fees', 'late charge', 'late charges', 'penalty', 'penalties'];

export const CRISIS = [
  'need help now', 'help now', 'emergency', 'emergencies', 'crisis', 'urgent', 'urgently', 'suicide', 'suicidal',
  'kill myself', 'hurt myself',
];

/** docs/product/signed-in.md §4: follow-ups only once a persona is remembered, first matching topic wins. */
export const PERSONA_FOLLOW_UPS: Record<ZenPersona, ReadonlyArray<{ keywords: readonly string[]; text: string }>> = {
  teacher: [
    { keywords: ['summer', 'summers', 'summer break', 'june', 'july', 'august'], text: ZEN_REPLIES.followUp.teacher.summer },
    { keywords: ['school year', 'academic year', 'semester', 'back to school'], text: ZEN_REPLIES.followUp.teacher.schoolYear },
  ],
  freelancer: [
    { keywords: ['irregular', 'variable', 'uneven', 'inconsistent', 'slow month', 'slow months'], text: ZEN_REPLIES.followUp.freelancer.irregular },
    { keywords: ['client', 'clients', 'invoice', 'invoices', 'pay late', 'paid late'], text: ZEN_REPLIES.followUp.freelancer.clients },
    { keywords: ['expense', 'expenses', 'tax', 'taxes'], text: ZEN_REPLIES.followUp.freelancer.expenses },
  ],
  parent: [
    { keywords: ['stress', 'stressed', 'stressful', 'overwhelmed', 'anxious', 'worried'], text: ZEN_REPLIES.followUp.parent.stress },
    {
      keywords: ['kids', 'kid', 'children', 'child', 'school costs', 'school cost', 'school supplies', 'school fees', 'childcare', 'daycare', 'back to school'],
      text: ZEN_REPLIES.followUp.parent.kidsCosts,
    },
  ],
};

/** '{product} help' plus a persona word (docs/product/signed-in.md §4); shift or hourly is a fourth audience, not a persona. */
export const PRODUCT_WORD = PRODUCT_NAME.toLowerCase();
export const HELP_WORDS = ['help', 'helps', 'helping'];
export const PRODUCT_HELP_AUDIENCES: ReadonlyArray<{ words: readonly string[]; text: string }> = [
  { words: ['teacher', 'teachers', 'educator', 'educators'], text: ZEN_REPLIES.productHelp.teacher },
  { words: ['freelancer', 'freelancers', 'freelance', 'contractor', 'contractors'], text: ZEN_REPLIES.productHelp.freelancer },
  { words: ['parent', 'parents', 'family', 'families'], text: ZEN_REPLIES.productHelp.parent },
  { words: ['shift', 'shifts', 'hourly'], text: ZEN_REPLIES.productHelp.shift },
];

/**
 * Self-descriptions: an opener ("i am", "im", "i have", "my" ...) followed within a few words by a persona noun,
 * or a direct phrase ("i teach"). "self employed" is joined into one word by the normaliser. Checked in this
 * order, so "I'm a teacher with kids" remembers teacher.
 */
export const SELF_DESCRIPTION_WINDOW = 4;
export const SELF_DESCRIPTIONS: ReadonlyArray<{ persona: ZenPersona; openers: readonly string[]; nouns: readonly string[]; phrases: readonly string[] }> = [
  {
    persona: 'teacher',
    openers: ['i am', 'im', 'i work as', 'as a', 'as an'],
    nouns: ['teacher', 'educator', 'professor', 'tutor'],
    phrases: ['i teach'],
  },
  {
    persona: 'freelancer',
    openers: ['i am', 'im', 'i work as', 'as a', 'as an', 'i do'],
    nouns: ['freelancer', 'freelance', 'contractor', 'consultant', 'selfemployed', 'gig'],
    phrases: ['i freelance', 'i work for myself'],
  },
  {
    persona: 'parent',
    openers: ['i am', 'im', 'as a', 'i have', 'ive got', 'we have', 'my', 'our'],
    nouns: ['parent', 'mom', 'mum', 'dad', 'mother', 'father', 'kid', 'kids', 'child', 'children', 'son', 'daughter', 'baby', 'toddler'],
    phrases: [],
  },
];
/** A self-description stops at a negation: "I'm not a teacher" remembers nothing. */
export const NEGATIONS = ['not', 'no', 'never'];

/** The chips' texts and a few other phrasings of the same questions, each with its canned reply. */
export const CANNED_PHRASES: ReadonlyArray<{ phrases: readonly string[]; text: string }> = [
  { phrases: [ZEN_QUICK_QUESTIONS[0], 'how does it work', `what is ${PRODUCT_NAME}`, 'what is this'], text: ZEN_REPLIES.howItWorks },
  { phrases: [ZEN_QUICK_QUESTIONS[1], 'when does it launch', `when does ${PRODUCT_NAME} launch`], text: ZEN_REPLIES.launch },
  { phrases: [ZEN_QUICK_QUESTIONS[2], 'how much does it cost', 'is it free'], text: ZEN_REPLIES.cost },
  { phrases: [ZEN_QUICK_QUESTIONS[3], 'is my data safe', 'is it safe', 'privacy', 'is my data private'], text: ZEN_REPLIES.privacy },
];

/** The generic topics after the canned phrases, in the product's order. */
// No bare 'free' or 'how much': "feel free" or "how much to save" are not questions about our price.
export const COST = ['cost', 'costs', 'price', 'prices', 'pricing', 'subscription', 'expensive'];
export const LAUNCH = ['launch', 'launching', 'release', 'released', 'available', 'beta', 'waitlist', 'wait list', 'sign up', 'early access', 'come out'];
export const TEACHER_OR_SUMMER = ['teacher', 'teachers', 'teaching', 'educator', 'educators', 'summer', 'school year'];
export const PARENT_OR_KIDS = ['parent', 'parents', 'kid', 'kids', 'child', 'children', 'family', 'families', 'childcare', 'daycare'];
export const VARIABLE_INCOME = ['freelance', 'freelancer', 'freelancers', 'freelancing', 'variable', 'irregular', 'gig', 'gigs', 'contractor', 'selfemployed'];
export const CONTACT = ['contact', 'support', 'email', 'e mail', 'get in touch', 'reach you'];
export const HUMAN = ['human', 'person', 'real person', 'agent', 'representative', 'talk to someone', 'speak to someone'];
export const FEEDBACK = ['feedback', 'suggestion', 'suggestions', 'idea', 'ideas', 'feature request', 'complaint'];
export const LOCAL_RESOURCES = ['local', 'assistance', 'resources', 'resource', 'programs', 'program', 'food bank', '211'];

import { MARKETING, PRODUCT_NAME, SUPPORT_EMAIL } from '@paycadence/contracts';
import { describe, expect, it } from 'vitest';
import { ZEN_QUICK_QUESTIONS, ZEN_REPLIES, type ZenPersona } from './zen-copy';
import { INITIAL_ZEN_STATE, normalizeMessage, reply, type ZenState, type ZenTopic } from './zen-engine';

const withPersona = (persona: ZenPersona | null): ZenState => ({ persona });

/** Plays a whole conversation through the engine, as the widget does, and returns every reply. */
function converse(...messages: string[]) {
  let state = INITIAL_ZEN_STATE;
  return messages.map((message) => {
    const answer = reply(state, message);
    state = answer.state;
    return answer;
  });
}

describe('normalizeMessage', () => {
  it.each([
    ["I can't pay", ' i cant pay '],
    ['I\u2019m a TEACHER!!', ' im a teacher '],
    ['  e-mail?  ', ' e mail '],
    ["I'm self-employed", ' im selfemployed '],
    ['', '  '],
  ])('%j → %j', (input, expected) => expect(normalizeMessage(input)).toBe(expected));
});

describe('reply on long hostile input', () => {
  // Built to load every pass: apostrophes and a 300 000-character punctuation run (not at the end) for the
  // normaliser's regexes, and 10 000 openers ("im a") and 'cant make' with no persona noun or bill word after
  // them for the word windows. Linear matching answers in a fraction of a second. A quadratic one (a
  // backtracking regex, a window that rescans the rest of the message) takes tens of seconds on this input,
  // and vitest reports it as over the default 5 s timeout once it returns (a synchronous call cannot be cut
  // short, so the sizes keep that wait finite). No duration is asserted.
  const sentences = "I'm a !' can't make it ".repeat(5_000);
  const hostile = `${sentences}${"!'".repeat(300_000)}${sentences}`;

  it('answers the fallback and remembers no persona, without stalling', () => {
    const answer = reply(INITIAL_ZEN_STATE, hostile);
    expect(answer.topic).toBe('fallback');
    expect(answer.state.persona).toBeNull();
  });
});

describe('reply: one row per branch of docs/product/signed-in.md §4', () => {
  it.each<[string, ZenTopic, string]>([
    ['help', 'help', ZEN_REPLIES.help],
    ['What can you do?', 'help', ZEN_REPLIES.help],
    ["I can't pay my electric bill", 'cannot-pay', ZEN_REPLIES.cannotPay],
    ['I cannot make rent this month', 'cannot-pay', ZEN_REPLIES.cannotPay],
    ["I couldn't make my car payment", 'cannot-pay', ZEN_REPLIES.cannotPay],
    ["I can't make the minimum on my card", 'cannot-pay', ZEN_REPLIES.cannotPay],
    ["I can't make ends meet", 'cannot-pay', ZEN_REPLIES.cannotPay],
    ['I got an overdraft', 'overdraft', ZEN_REPLIES.overdraft],
    ['They charged me a late fee', 'late-fee', ZEN_REPLIES.lateFee],
    ['is there a penalty?', 'late-fee', ZEN_REPLIES.lateFee],
    ['I need help now', 'crisis', ZEN_REPLIES.crisis],
    ['this is an emergency', 'crisis', ZEN_REPLIES.crisis],
    ['financial crisis', 'crisis', ZEN_REPLIES.crisis],
    [`How does ${PRODUCT_NAME} help teachers?`, 'product-help', ZEN_REPLIES.productHelp.teacher],
    [`can ${PRODUCT_NAME} help a contractor`, 'product-help', ZEN_REPLIES.productHelp.freelancer],
    [`does ${PRODUCT_NAME} help my family`, 'product-help', ZEN_REPLIES.productHelp.parent],
    [`${PRODUCT_NAME} help for hourly shift work`, 'product-help', ZEN_REPLIES.productHelp.shift],
    ["I'm a teacher", 'self-description', ZEN_REPLIES.selfDescription.teacher],
    ['I am a high school teacher', 'self-description', ZEN_REPLIES.selfDescription.teacher],
    ["I'm a freelancer", 'self-description', ZEN_REPLIES.selfDescription.freelancer],
    ["I'm self-employed", 'self-description', ZEN_REPLIES.selfDescription.freelancer],
    ['I have kids', 'self-description', ZEN_REPLIES.selfDescription.parent],
    ['I have two young children', 'self-description', ZEN_REPLIES.selfDescription.parent],
    ["I'm a single mom", 'self-description', ZEN_REPLIES.selfDescription.parent],
    [ZEN_QUICK_QUESTIONS[0], 'canned', ZEN_REPLIES.howItWorks],
    [ZEN_QUICK_QUESTIONS[1], 'canned', ZEN_REPLIES.launch],
    [ZEN_QUICK_QUESTIONS[2], 'canned', ZEN_REPLIES.cost],
    [ZEN_QUICK_QUESTIONS[3], 'canned', ZEN_REPLIES.privacy],
    ['what is the price', 'cost', ZEN_REPLIES.cost],
    ['beta?', 'launch', ZEN_REPLIES.launch],
    ['summer is hard', 'teacher-or-summer', ZEN_REPLIES.teacher],
    ['tips for teachers', 'teacher-or-summer', ZEN_REPLIES.teacher],
    ['kids are expensive', 'cost', ZEN_REPLIES.cost],
    ['tips for parents', 'parent-or-kids', ZEN_REPLIES.parent],
    ['gig work', 'variable-income', ZEN_REPLIES.variableIncome],
    ['variable income', 'variable-income', ZEN_REPLIES.variableIncome],
    ['what is your email', 'contact', ZEN_REPLIES.contact],
    ['can I talk to a human', 'human', ZEN_REPLIES.human],
    ['I have feedback', 'feedback', ZEN_REPLIES.feedback],
    ['local assistance programs', 'local-resources', ZEN_REPLIES.localResources],
    ['hello there', 'fallback', ZEN_REPLIES.fallback],
    ['', 'fallback', ZEN_REPLIES.fallback],
  ])('%j → %s', (message, topic, text) => {
    const answer = reply(INITIAL_ZEN_STATE, message);
    expect(answer.topic).toBe(topic);
    expect(answer.text).toBe(text);
  });
});

describe('reply: order conflicts', () => {
  it.each<[string, ZenPersona | null, ZenTopic]>([
    // Exact help phrases only match the whole message.
    ['I need help', null, 'help'],
    ['I need help now', null, 'crisis'],
    ['help, I cannot pay rent', null, 'cannot-pay'],
    // cannot pay > overdraft > late fee > crisis
    ["can't pay, I'm overdrawn", null, 'cannot-pay'],
    ['overdraft late fee', null, 'overdraft'],
    ['late fee emergency', null, 'late-fee'],
    // crisis beats a remembered persona's follow-up
    ['summer emergency', 'teacher', 'crisis'],
    // persona follow-up beats product help, self-description, canned phrases and the generic topics
    [`how does ${PRODUCT_NAME} help teachers in summer`, 'teacher', 'persona-follow-up'],
    ['my clients pay late, how much will it cost', 'freelancer', 'persona-follow-up'],
    // ... but only for the remembered persona's own keywords
    ['summer', 'freelancer', 'teacher-or-summer'],
    ['summer', null, 'teacher-or-summer'],
    ['clients', 'parent', 'fallback'],
    // product help beats a self-description
    [`I'm a teacher, can ${PRODUCT_NAME} help teachers?`, null, 'product-help'],
    // a self-description beats a canned phrase and the generic topics
    ["I'm a teacher, how much will it cost?", null, 'self-description'],
    // a canned phrase beats the generic topics
    ['How much will it cost? when do you launch?', null, 'canned'],
    // generic topics in the product's order
    ['cost at launch', null, 'cost'],
    ['launch for teachers', null, 'launch'],
    ['teacher and parent', null, 'teacher-or-summer'],
    ['family gig', null, 'parent-or-kids'],
    ['freelance support', null, 'variable-income'],
    ['support from a human', null, 'contact'],
    ['human feedback', null, 'human'],
    ['feedback on local resources', null, 'feedback'],
    // whole words only: "fee" is not in "feedback", "kid" is not in "kidding"
    ['no kidding', null, 'fallback'],
    // 'cannot make' is a cannot-pay only with a bill or payment word close after it
    ["I can't make sense of this", null, 'fallback'],
    ["I can't make it to the meeting, what's your email?", null, 'contact'],
    ['I cannot make up my mind about the price', null, 'cost'],
  ])('%j with persona %s → %s', (message, persona, topic) => {
    expect(reply(withPersona(persona), message).topic).toBe(topic);
  });
});

describe('reply: persona memory', () => {
  it.each<[ZenPersona, string, string, string]>([
    ['teacher', "I'm a teacher", 'What about summer?', ZEN_REPLIES.followUp.teacher.summer],
    ['teacher', 'I teach 4th grade', 'planning for the school year', ZEN_REPLIES.followUp.teacher.schoolYear],
    ['freelancer', "I'm a freelancer", 'my income is irregular', ZEN_REPLIES.followUp.freelancer.irregular],
    ['freelancer', 'I work for myself', 'clients pay me late', ZEN_REPLIES.followUp.freelancer.clients],
    ['freelancer', "I'm a contractor", 'business expenses', ZEN_REPLIES.followUp.freelancer.expenses],
    ['parent', 'I have kids', 'so much stress', ZEN_REPLIES.followUp.parent.stress],
    ['parent', 'my kids', 'school costs add up', ZEN_REPLIES.followUp.parent.kidsCosts],
  ])('%s: %j then %j gives the persona follow-up', (persona, introduction, followUp, expected) => {
    const [first, second] = converse(introduction, followUp);
    expect(first.state.persona).toBe(persona);
    expect(second.topic).toBe('persona-follow-up');
    expect(second.text).toBe(expected);
  });

  it('remembers the persona across unrelated turns', () => {
    const replies = converse("I'm a teacher", 'When do you launch?', 'how do I contact you', 'and summer?');
    expect(replies.map((answer) => answer.state.persona)).toEqual(['teacher', 'teacher', 'teacher', 'teacher']);
    expect(replies[3].text).toBe(ZEN_REPLIES.followUp.teacher.summer);
  });

  it('the same words give the generic reply before a persona is known', () => {
    const [before, , after] = converse('summer', "I'm a teacher", 'summer');
    expect(before.text).toBe(ZEN_REPLIES.teacher);
    expect(after.text).toBe(ZEN_REPLIES.followUp.teacher.summer);
  });

  it('a later self-description replaces the persona', () => {
    const replies = converse("I'm a teacher", 'Actually I am a freelancer now', 'summer');
    expect(replies[1].state.persona).toBe('freelancer');
    expect(replies[2].topic).toBe('teacher-or-summer');
  });

  it.each(["I'm not a teacher", 'I have no kids', 'my teacher said'])('%j remembers no persona', (message) => {
    expect(reply(INITIAL_ZEN_STATE, message).state.persona).toBeNull();
  });

  it('a message that describes no one keeps the state as it was', () => {
    const state = withPersona('parent');
    expect(reply(state, 'overdraft').state).toBe(state);
  });

  // The persona is detected in every message, whichever branch answers it; the reply is still the one the order picks.
  it.each<[string, ZenTopic, ZenPersona]>([
    ["I'm a teacher and got an overdraft", 'overdraft', 'teacher'],
    ["I'm a teacher and I keep getting overdraft fees", 'overdraft', 'teacher'],
    ["I'm a freelancer and can't pay my rent", 'cannot-pay', 'freelancer'],
    ['I have two kids and a late fee', 'late-fee', 'parent'],
    ["I'm a single mom and this is an emergency", 'crisis', 'parent'],
    [`I'm a teacher, can ${PRODUCT_NAME} help teachers?`, 'product-help', 'teacher'],
  ])('%j → %s and remembers %s', (message, topic, persona) => {
    const answer = reply(INITIAL_ZEN_STATE, message);
    expect(answer.topic).toBe(topic);
    expect(answer.state.persona).toBe(persona);
  });

  it('a persona told alongside a problem steers the next follow-up', () => {
    const [first, second] = converse("I'm a teacher and I keep getting overdraft fees", 'what about summer?');
    expect(first.text).toBe(ZEN_REPLIES.overdraft);
    expect(second.topic).toBe('persona-follow-up');
    expect(second.text).toBe(ZEN_REPLIES.followUp.teacher.summer);
  });

  it('a persona named in this message is not used for this message\'s follow-up: its self-description answers first', () => {
    const answer = reply(INITIAL_ZEN_STATE, 'I have two kids');
    expect(answer.topic).toBe('self-description');
    expect(answer.text).toBe(ZEN_REPLIES.selfDescription.parent);
  });
});

describe('reply copy', () => {
  it('uses the marketing facts of docs/product/signed-in.md §9, not retyped ones', () => {
    expect(reply(INITIAL_ZEN_STATE, 'price').text).toContain(MARKETING.pricing);
    expect(reply(INITIAL_ZEN_STATE, 'price').text).toMatch(/not final/i);
    expect(reply(INITIAL_ZEN_STATE, 'launch').text).toContain(MARKETING.comingSoonLaunch);
    expect(reply(INITIAL_ZEN_STATE, 'launch').text).toContain(MARKETING.waitlistCount);
    expect(reply(INITIAL_ZEN_STATE, ZEN_QUICK_QUESTIONS[0]).text).toContain(`${MARKETING.paycheckToPaycheckPercent}% of Americans`);
    expect(reply(INITIAL_ZEN_STATE, 'contact').text).toContain(SUPPORT_EMAIL);
  });

  it('points a crisis to real help', () => {
    const text = reply(INITIAL_ZEN_STATE, 'crisis').text;
    for (const help of ['911', '988', '211', 'bill provider']) expect(text).toContain(help);
  });
});

import { MARKETING, PRODUCT_NAME, SUPPORT_EMAIL } from '@paycadence/contracts';

/**
 * Zen's canned copy (docs/product/signed-in.md §2, §4, §9). Static text only: the product is pre-launch, so replies stay
 * honest about that, never claim to be financial advice, and point to real help (211, 988, the bill provider)
 * when someone is struggling. Marketing facts come from MARKETING, never retyped.
 */

export type ZenPersona = 'teacher' | 'freelancer' | 'parent';

export const ZEN_TITLE = 'Zen - Financial Timing Assistant';
export const ZEN_OPEN_LABEL = 'Ask Zen';
export const ZEN_TYPING_TEXT = 'Zen is typing...';

export const ZEN_GREETING = `Hi, I'm Zen, ${PRODUCT_NAME}'s financial timing assistant. I can explain how lining up bills with paydays works, what to do when a bill is hard to pay, and where ${PRODUCT_NAME} is headed. Tell me a little about yourself (for example "I'm a teacher") and I'll tailor my tips.`;

const OVERDRAFT_FIGURE = `$${MARKETING.overdraftFeesBillions}B`;
const LATE_FEE_FIGURE = `$${MARKETING.lateFeeDollars}`;
const NOT_ADVICE = "I'm a scripted helper, not a financial advisor, so treat this as general information.";

/** The quick-question chips, shown while only the greeting exists. Each text is also a canned phrase. */
export const ZEN_QUICK_QUESTIONS = [
  `How does ${PRODUCT_NAME} work?`,
  'When do you launch?',
  'How much will it cost?',
  'Is my bank data safe?',
] as const;

const HOW_IT_WORKS = `${PRODUCT_NAME} keeps your bills in step with your paydays. You add your bills and your income, and it suggests paying each bill 2-3 days after a payday, so you always know what is left to spend. ${MARKETING.paycheckToPaycheckPercent}% of Americans say they live paycheck to paycheck, and when due dates and paydays drift apart, that is where late fees and overdrafts come from.`;

const PRIVACY = `${PRODUCT_NAME} is built privacy-first. Linking a bank is optional: you can add bills and income by hand. If you do link one, access is read-only through a third-party provider, your data is never sold, and it is encrypted at rest and in transit. You can also turn on two-factor sign-in. The Privacy Policy and Security pages have the details.`;

export const ZEN_REPLIES = {
  help: `Happy to help! Here is what I can do:\n• Explain how ${PRODUCT_NAME} times bills to your paydays\n• Suggest next steps if you can't pay a bill, or got hit by an overdraft or late fee\n• Share tips for teachers, freelancers and parents\n• Tell you about launch timing and pricing\nJust type a question, or tell me about your situation.`,

  cannotPay: `I'm sorry, that is a stressful spot, and you are not alone. Steps that often help:\n• Call the company before the due date. Many offer a payment plan, a hardship program or a later due date, and asking early usually costs nothing.\n• Cover essentials first: housing, utilities, food and getting to work.\n• In the US, dial 211 (or visit 211.org) to find local help with rent, utilities and food.\n${NOT_ADVICE}`,

  overdraft: `Overdrafts often happen when a bill is drawn a day or two before payday, and they add up: about ${OVERDRAFT_FIGURE} is paid in overdraft fees a year. What helps:\n• Ask the biller to move the due date to a few days after your payday.\n• Turn on low-balance alerts and ask your bank which overdraft settings it offers.\n• If a fee already hit, call the bank and ask for it to be waived. It is often granted, especially the first time.`,

  lateFee: `Late fees hurt, often around ${LATE_FEE_FIGURE} a time. Two things worth trying:\n• Call the company and politely ask for a one-time waiver, especially if you usually pay on time.\n• Ask to move the due date to 2-3 days after your payday so it does not happen again. That timing is exactly what ${PRODUCT_NAME} plans for you.`,

  crisis: `If you are in danger, call 911 now. If you are overwhelmed or thinking about hurting yourself, call or text 988 (the Suicide & Crisis Lifeline, US) any time. For urgent help with rent, utilities or food, dial 211 or visit 211.org to reach local programs. If a bill is the emergency, call the bill provider today and ask about hardship options or a short extension. I'm only a scripted helper, but these people can help right now.`,

  productHelp: {
    teacher: `${PRODUCT_NAME} helps teachers plan around the school calendar: it spreads bills across your paydays and shows early if summer months will come up short, so you can set money aside during the school year.`,
    freelancer: `${PRODUCT_NAME} helps freelancers and contractors by planning bills around the income you actually receive. You add payments as they come in, and it suggests which bills to pay from each one, so a slow month is visible before it hurts.`,
    parent: `${PRODUCT_NAME} helps parents and families see every bill next to every payday in one place, including the irregular ones like school fees, so there are fewer surprises. You can also share a household with a partner.`,
    shift: `${PRODUCT_NAME} helps shift and hourly workers whose paychecks change week to week: it times bills to each payday and shows what is left to spend, so a short week does not turn into a late fee.`,
  },

  selfDescription: {
    teacher: `Thanks, I'll remember you're a teacher. Many teachers are paid over 10 months, so summer is the big timing challenge. Ask me about summer or the school year and I'll share what works.`,
    freelancer: `Thanks, I'll remember you freelance. With irregular income, timing matters even more. Ask me about irregular months, clients who pay late, or business expenses.`,
    parent: `Thanks, I'll remember you're a parent. Family costs rarely arrive on payday. Ask me about school costs, the kids' expenses, or money stress, and I'll share ideas.`,
  },

  followUp: {
    teacher: {
      summer: `For teachers, summer is about spreading 10 months of pay over 12. Two common approaches: ask your district whether it offers a 12-month pay option, or move a set amount from each school-year paycheck into a separate "summer" savings account. ${PRODUCT_NAME} shows which bills fall in June to August so you know the amount to aim for.`,
      schoolYear: `During the school year, try timing each bill 2-3 days after a payday and putting the difference aside for the summer months. Many teachers also line up back-to-school spending with the first paycheck of the year. Want to know how ${PRODUCT_NAME} plans that?`,
    },
    freelancer: {
      irregular: `With irregular income, many freelancers budget from a "baseline" month: the lowest month they had last year. Pay fixed bills from the baseline, and move anything above it into a buffer for slow months. ${PRODUCT_NAME} lets you add income as it arrives and suggests which bills to pay from each payment.`,
      clients: `Late-paying clients are the freelancer's classic timing problem. It can help to invoice on a fixed schedule, ask for a deposit up front, and keep a buffer of one month's bills. Plan bills around the day money actually lands, not the invoice date.`,
      expenses: `Keep business expenses in a separate account if you can, and set aside a share of every payment for taxes, since no one withholds them for you. A tax professional can tell you how much. ${PRODUCT_NAME} keeps the personal bills in view so they are paid from the right payment.`,
    },
    parent: {
      stress: `Money stress with kids at home is real, and it is not a personal failing. A small step that helps: list this month's bills next to your paydays, then pick just the next one to handle. If things feel like too much, call or text 988 any time (US), and 211 can connect you with local family support.`,
      kidsCosts: `Kids' costs like school supplies, trips, sports and childcare rarely arrive on payday. Try a small "kids" fund topped up each payday, and note the yearly costs (back-to-school, holidays) ahead of time. ${PRODUCT_NAME} puts them next to your paydays so they are not a surprise.`,
    },
  },

  cost: `Pricing is not final yet. We expect roughly ${MARKETING.pricing}. ${PRODUCT_NAME} is pre-launch, so there is nothing to pay today, and joining the waitlist is free.`,
  launch: `${PRODUCT_NAME} is pre-launch. We are aiming for a beta in ${MARKETING.comingSoonLaunch}, and ${MARKETING.waitlistCount} people are already on the waitlist. Join it from the home page and we will e-mail you when your spot is ready.`,
  teacher: `Teachers often face a summer pay gap, or a long wait for the first paycheck of the school year. If you're a teacher, tell me ("I'm a teacher") and I'll tailor my tips. In short: time bills 2-3 days after payday, and set aside a little each school-year paycheck for summer.`,
  parent: `Parents juggle a lot of bills that never line up with payday: childcare, school costs, activities. If you're a parent, tell me ("I have kids") and I'll tailor my tips. A small fund topped up every payday takes the surprise out of kids' costs.`,
  variableIncome: `With variable or gig income, plan from your lowest typical month, pay fixed bills first, and save anything above it for slow weeks. If you freelance, tell me ("I'm a freelancer") and I'll tailor my tips. ${PRODUCT_NAME} is built for paydays that are not regular.`,
  contact: `You can reach the ${PRODUCT_NAME} team at ${SUPPORT_EMAIL}. A person reads every message. The Help Centre in the footer has quick answers too.`,
  human: `I'm Zen, a scripted assistant, so I can't hand you over to a person here. E-mail ${SUPPORT_EMAIL} and someone from the team will reply.`,
  feedback: `We'd love your feedback. ${PRODUCT_NAME} is still being built, so ideas shape it. Send them to ${SUPPORT_EMAIL}.`,
  localResources: `For local help in the US, dial 211 or visit 211.org: they connect you with programs for rent, utilities, food and more. Many utilities and lenders have hardship programs too, so call your bill provider and ask. For help with heating and cooling bills, ask 211 about LIHEAP.`,
  fallback: `I'm not sure I understood that. I'm a scripted assistant, so try one of these:\n• "How does ${PRODUCT_NAME} work?"\n• "I can't pay a bill"\n• "When do you launch?"\n• "I'm a teacher", "I'm a freelancer" or "I have kids"\n• "How do I contact support?"`,

  howItWorks: HOW_IT_WORKS,
  privacy: PRIVACY,
} as const;

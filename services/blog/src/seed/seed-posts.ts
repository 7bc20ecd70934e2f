import { BLOG_POST_DEFAULTS, MARKETING, WAITLIST_ENDPOINT_PATH, type BlogBlock, type BlogPostFields } from '@paycadence/contracts';

// The posts a new install starts with ("a few real posts on first start"), one per category of spec
// docs/product/accounts.md §2, written from the product's facts (docs/product/accounts.md §1, MARKETING). Every quote is the company's own voice
// (attributed to the team): no invented customer or expert quotes, only sources anyone can check. Stored once by the SeedBlogPosts migration;
// each already is what BlogPostInputSchema makes of it (seed-posts.spec.ts), so it is inserted as it stands.

const PAYCHECK_TO_PAYCHECK = `${MARKETING.paycheckToPaycheckPercent}%`;
const LATE_FEE = `$${MARKETING.lateFeeDollars}`;
const OVERDRAFT = `$${MARKETING.overdraftFeesBillions} billion`;

/** The waitlist form closing every seeded post (the cta_section form may only post to the waitlist). */
const waitlistCta = (title: string, content: string): BlogBlock => ({
  type: 'cta_section',
  title,
  content,
  form: {
    api_endpoint: WAITLIST_ENDPOINT_PATH,
    source: 'blog-cta',
    placeholder: 'Enter your email',
    button_text: 'Join the Waitlist',
    success_message: "Thanks! You're on the list. We'll be in touch soon.",
  },
});

const post = (fields: Omit<BlogPostFields, 'author' | 'image_url' | 'image_alt' | 'published'>): BlogPostFields => ({
  author: BLOG_POST_DEFAULTS.author,
  image_url: null,
  image_alt: null,
  published: true,
  ...fields,
});

export const SEED_POSTS: readonly BlogPostFields[] = [
  post({
    slug: 'why-we-built-paycadence',
    title: 'Why We Built PayCadence: Bills Should Wait for Payday',
    excerpt:
      'Most bills are due on dates nobody chose to match your paycheck. We are building the tool that lines them up, so the money is there before the bill is.',
    category: 'Company',
    featured: true,
    publish_date: '2026-01-12',
    read_time: '4 min read',
    seo: {
      title: 'Why We Built PayCadence',
      description: 'Bill due dates rarely match paydays. PayCadence syncs them so bills are paid a few days after the money arrives.',
      keywords: ['bill due dates', 'payday', 'budgeting', 'late fees'],
    },
    content: {
      blocks: [
        {
          type: 'intro_callout',
          subtitle: 'The short version',
          content:
            'Your rent is due on the 1st, your car payment on the 5th, and your paycheck lands on the 7th. Nothing about that is your fault, and almost all of it can be fixed.',
        },
        {
          type: 'paragraph',
          content: `An estimated ${PAYCHECK_TO_PAYCHECK} of Americans live paycheck to paycheck. For most of them the problem is not only how much comes in, but when. A bill that falls due three days before payday costs a ${LATE_FEE} late fee, or an overdraft, even when the money to pay it is already on its way.`,
        },
        { type: 'heading', level: 2, content: 'The calendar problem' },
        {
          type: 'paragraph',
          content:
            'Due dates are set by each company on its own schedule. Paydays are set by your employer, or by your clients. Nobody lines the two up, so every month some bills land in the gap before the money does.',
        },
        {
          type: 'callout',
          style: 'red',
          content: `Americans pay an estimated ${OVERDRAFT} a year in overdraft fees. Some of them come from timing, not overspending: a payment clears a day before the paycheck does.`,
        },
        { type: 'heading', level: 2, content: 'What PayCadence does' },
        {
          type: 'feature_box',
          title: 'Three things, done well',
          items: [
            { title: 'Syncs due dates with paydays', description: 'We read your income schedule and your bills and show which ones fall in the gap.' },
            { title: 'Proposes better dates', description: 'We suggest paying each bill a few days after payday, and help you ask for the due date to move.' },
            { title: 'Shows what is really left', description: 'Your spending balance is what remains after the bills due before the next paycheck.' },
          ],
        },
        {
          type: 'quote',
          content: 'We did not want another budget that tells people to spend less. We wanted the calendar to stop working against them.',
          attribution: BLOG_POST_DEFAULTS.author,
        },
        waitlistCta('Be first in line', `${MARKETING.waitlistCount} people are already waiting. Join them and we will tell you when PayCadence opens.`),
      ],
    },
  }),
  post({
    slug: 'the-psychology-of-the-week-before-payday',
    title: 'The Psychology of the Week Before Payday',
    excerpt:
      'Money stress peaks in the days before a paycheck. Understanding why it happens is the first step to designing it out of your month.',
    category: 'Psychology',
    featured: false,
    publish_date: '2026-01-26',
    read_time: '5 min read',
    seo: {
      title: 'The Psychology of the Week Before Payday',
      description: 'Why money stress peaks before payday, and how matching bills to your pay schedule takes the pressure off.',
      keywords: ['money stress', 'paycheck to paycheck', 'financial anxiety'],
    },
    content: {
      blocks: [
        {
          type: 'intro',
          content:
            'If the few days before payday feel heavier than the rest of the month, you are not imagining it. Scarcity changes how we think, and a badly timed bill makes it worse.',
        },
        { type: 'heading', level: 2, content: 'Scarcity narrows attention' },
        {
          type: 'paragraph',
          content:
            'When money is tight, attention goes to the most urgent bill, and everything else gets pushed aside. That is a sensible reaction in the moment, but it makes it easy to miss the next due date, and the fee that comes with it.',
        },
        {
          type: 'bullet_list',
          items: [
            'Checking your balance again and again without changing anything',
            'Putting off opening bills or banking apps',
            'Paying whichever company called last instead of the one with the biggest fee',
          ],
        },
        {
          type: 'callout',
          style: 'blue',
          content: 'None of these are character flaws. They are what any brain does under a deadline with too little room.',
        },
        { type: 'heading', level: 2, content: 'Make the decisions once' },
        {
          type: 'numbered_list',
          items: [
            { title: 'Write down every due date', description: 'One list, one place. Seeing the whole month removes the surprise.' },
            { title: 'Mark your paydays next to them', description: 'The bills that fall before payday are the ones that cause the stress.' },
            { title: 'Move what you can', description: 'Many lenders and utilities will change a due date if you ask.' },
          ],
        },
        {
          type: 'faq_section',
          title: 'Common questions',
          faqs: [
            {
              question: 'Is it normal to feel anxious before payday?',
              answer: `Very. With an estimated ${PAYCHECK_TO_PAYCHECK} of Americans living paycheck to paycheck, the week before payday is stressful for most households.`,
            },
            {
              question: 'Will a budget fix it?',
              answer: 'A budget helps with how much you spend. Timing is a separate problem: a bill can be affordable and still be due on the wrong day.',
            },
          ],
        },
        {
          type: 'sources_section',
          title: 'Sources',
          sources: [
            {
              title: 'Report on the Economic Well-Being of U.S. Households',
              url: 'https://www.federalreserve.gov/publications/report-economic-well-being-us-households.htm',
              publication: 'Board of Governors of the Federal Reserve System',
            },
          ],
        },
        waitlistCta('Take the timing out of it', 'PayCadence shows which bills land before payday and proposes dates that fit.'),
      ],
    },
  }),
  post({
    slug: 'a-family-calendar-for-bills-and-paydays',
    title: 'A Family Calendar for Bills and Paydays',
    excerpt:
      'Two incomes on two schedules, and a dozen bills on a dozen dates. Here is how families can line them up without a spreadsheet marathon.',
    category: 'Parenting',
    featured: true,
    publish_date: '2026-02-09',
    read_time: '6 min read',
    seo: {
      title: 'A Family Calendar for Bills and Paydays',
      description: 'How families with two paychecks on different schedules can time bills so nothing is due in the gap.',
      keywords: ['family budget', 'household bills', 'biweekly pay'],
    },
    content: {
      blocks: [
        {
          type: 'intro_quote',
          content: 'Earning enough is not the same as having the money in the account on the day the bill comes out.',
          attribution: BLOG_POST_DEFAULTS.author,
        },
        {
          type: 'paragraph',
          content:
            'Families often have the hardest calendar of all: one parent paid every two weeks, another paid twice a month, childcare due weekly and the mortgage due on the 1st. Each schedule makes sense alone. Together they leave gaps.',
        },
        { type: 'heading', level: 2, content: 'Start with the big, fixed bills' },
        {
          type: 'bullet_list',
          items: [
            { title: 'Housing', description: 'Rent or mortgage is usually the largest bill and the hardest to move, so plan everything else around it.' },
            { title: 'Childcare', description: 'Weekly or monthly, it is often due in advance. Line it up with the paycheck that arrives just before.' },
            { title: 'Insurance and loans', description: 'These can often be moved once a year by calling the provider.' },
          ],
        },
        { type: 'heading', level: 3, content: 'Then the flexible ones' },
        {
          type: 'paragraph',
          content: `Phone, internet, streaming and utilities usually allow a due date change. Moving even two of them past payday can be the difference between a calm month and a ${LATE_FEE} late fee.`,
        },
        {
          type: 'callout',
          style: 'teal',
          content: 'Tip: keep a small buffer in the account that pays the bills, and let PayCadence tell you when a bill would dip into it.',
        },
        {
          type: 'callout',
          style: 'yellow',
          content: 'Watch the months with three biweekly paychecks. They are a chance to build that buffer, not a reason to add a new bill.',
        },
        waitlistCta('Plan the month together', 'PayCadence is built for households with more than one paycheck. Join the waitlist to try it first.'),
      ],
    },
  }),
  post({
    slug: 'teachers-and-the-summer-pay-gap',
    title: 'Teachers and the Summer Pay Gap',
    excerpt:
      'Many teachers are paid over ten months while bills arrive all twelve. A plan for the summer starts in September.',
    category: 'Strategy',
    featured: false,
    publish_date: '2026-02-23',
    read_time: '5 min read',
    seo: {
      title: 'Teachers and the Summer Pay Gap',
      description: 'How teachers on ten-month pay can plan for summer bills, month by month.',
      keywords: ['teacher pay', 'summer pay', 'ten month salary'],
    },
    content: {
      blocks: [
        {
          type: 'paragraph',
          content:
            'In many districts, teachers are paid over the school year only. The last paycheck arrives in June and the next one in September, but rent, insurance and car payments keep coming through July and August.',
        },
        { type: 'heading', level: 2, content: 'Two ways districts handle it' },
        {
          type: 'numbered_list',
          items: [
            { title: 'Ten-month pay', description: 'Larger paychecks during the school year and none in summer. You have to set money aside yourself.' },
            { title: 'Twelve-month spread', description: 'The same salary spread over the whole year. Smaller checks, but no gap. Ask your district whether it is offered.' },
          ],
        },
        { type: 'heading', level: 2, content: 'Building your own summer paycheck' },
        {
          type: 'paragraph',
          content:
            'Add up the bills due in July and August and divide by the number of paychecks from September to June. Moving that amount into a separate account each payday turns ten paychecks into twelve months of bills.',
        },
        {
          type: 'callout',
          style: 'blue',
          content: 'PayCadence can treat the summer months as a known gap in your income schedule and show how much each paycheck needs to set aside.',
        },
        {
          type: 'sources_section',
          title: 'Sources',
          sources: [
            {
              title: 'National Center for Education Statistics',
              url: 'https://nces.ed.gov/',
              publication: 'U.S. Department of Education',
              description: 'Data on teachers, schools and school-year schedules in the United States.',
            },
          ],
        },
        waitlistCta('Made with teachers in mind', 'Join the waitlist and plan your summer before it starts.'),
      ],
    },
  }),
  post({
    slug: 'budgeting-on-irregular-freelance-income',
    title: 'Budgeting on Irregular Freelance Income',
    excerpt:
      'When clients pay on their schedule instead of yours, a budget built on monthly averages breaks. Plan around your lowest month instead.',
    category: 'Freelancing',
    featured: false,
    publish_date: '2026-03-02',
    read_time: '6 min read',
    seo: {
      title: 'Budgeting on Irregular Freelance Income',
      description: 'Practical steps for freelancers whose income arrives at irregular times: a baseline month, a buffer and bills timed to real payments.',
      keywords: ['freelance income', 'irregular income', 'self-employed budgeting'],
    },
    content: {
      blocks: [
        {
          type: 'intro_callout',
          content:
            'Freelancers do not have a payday. They have invoices, net-30 terms and clients who pay late. That makes bill timing harder, and more important.',
        },
        { type: 'heading', level: 2, content: 'Plan around your lowest month' },
        {
          type: 'paragraph',
          content:
            'Look back over the last year and find the month you earned the least. Fixed bills should fit inside that number. Anything above it goes to a buffer first, then to savings and taxes.',
        },
        {
          type: 'feature_box',
          title: 'A freelancer’s three accounts',
          items: [
            { title: 'Income', description: 'Every client payment lands here first.' },
            { title: 'Bills', description: 'A fixed transfer each month, the size of your baseline.' },
            { title: 'Taxes', description: 'A share of every payment, set aside the day it arrives.' },
          ],
        },
        {
          type: 'callout',
          style: 'yellow',
          content: 'Self-employed people in the United States generally pay estimated tax during the year. Set it aside as you are paid, not when the deadline arrives.',
        },
        {
          type: 'quote',
          content: 'Budget from your lowest month, not your best one. Fixed bills that fit the lean months are bills that get paid on time.',
          attribution: BLOG_POST_DEFAULTS.author,
        },
        {
          type: 'sources_section',
          title: 'Sources',
          sources: [
            {
              title: 'Estimated taxes',
              url: 'https://www.irs.gov/businesses/small-businesses-self-employed/estimated-taxes',
              publication: 'Internal Revenue Service',
            },
          ],
        },
        waitlistCta('Irregular income, regular bills', 'PayCadence follows your real payments, not a monthly average. Join the waitlist.'),
      ],
    },
  }),
  post({
    slug: 'shift-work-changing-hours-steady-bills',
    title: 'Shift Work: Changing Hours, Steady Bills',
    excerpt:
      'When your hours change every week, so does your paycheck. Here is how shift workers can keep fixed bills from landing on a short week.',
    category: 'Strategy',
    featured: false,
    publish_date: '2026-03-09',
    read_time: '4 min read',
    seo: {
      title: 'Shift Work: Changing Hours, Steady Bills',
      description: 'How shift workers with changing hours can match fixed bills to paychecks that vary from week to week.',
      keywords: ['shift work', 'hourly pay', 'variable paycheck'],
    },
    content: {
      blocks: [
        {
          type: 'paragraph',
          content:
            'Nurses, retail staff, warehouse and restaurant workers often see their hours, and their pay, change from one schedule to the next. Bills do not change with them.',
        },
        { type: 'heading', level: 2, content: 'Know your short weeks in advance' },
        {
          type: 'bullet_list',
          items: [
            'Note the weeks with fewer shifts as soon as the schedule is posted',
            'Avoid due dates that fall right after a short pay period',
            'Ask for overtime or extra shifts before, not after, a large bill',
          ],
        },
        {
          type: 'callout',
          style: 'teal',
          content: 'Paying a bill a few days after a long pay period, rather than on a fixed calendar date, is often all it takes.',
        },
        { type: 'heading', level: 4, content: 'When a bill cannot move' },
        {
          type: 'paragraph',
          content: `Set aside part of each paycheck for it, the way a teacher plans for summer. It is cheaper than a ${LATE_FEE} late fee or an overdraft.`,
        },
        {
          type: 'sources_section',
          title: 'Sources',
          sources: [
            {
              title: 'Consumer Financial Protection Bureau',
              url: 'https://www.consumerfinance.gov/',
              description: 'Guides on overdraft fees, late fees and talking to lenders about payment dates.',
            },
          ],
        },
        waitlistCta('Built for changing schedules', 'Join the waitlist and see your bills next to your real paydays.'),
      ],
    },
  }),
];

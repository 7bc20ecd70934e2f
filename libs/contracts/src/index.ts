// One import for every payload shape, message and constant the product shares.
// Each domain lives in its own file; add new ones here.
export * from './product.js';
export * from './errors.js';
export * from './transport.js';
export * from './text.js';
export * from './routes.js';
export * from './waitlist.js';
export * from './auth.js';
export * from './email-confirmation.js';
export * from './session-hint.js';
export * from './served-page.js';
export * from './finance.js';
export * from './dashboard.js';
export * from './calendar-feed.js';
export * from './reminders.js';
export * from './bill-status.js';
export * from './forecast.js';
export * from './account-data.js';
export * from './endpoints.js';
export * from './jobs.js';
export * from './bank-sync.js';
export * from './bank-analytics.js';
export * from './admin.js';
export * from './blog.js';
export * from './blog-social.js';
export * from './household.js';

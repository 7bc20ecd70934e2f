/** docs/product/signed-in.md §2: the signed-in navigation. Family is /household; User Management is /admin/users. */
export const ACCOUNT_LINKS = [
  { label: 'Profile', to: '/profile' },
  { label: 'Connected Accounts', to: '/connected-accounts' },
  { label: 'Due-date planner', to: '/planner' },
  { label: 'Family', to: '/household' },
  { label: 'Settings', to: '/settings' },
] as const;

export const ADMIN_LINKS = [
  { label: 'Blog Admin', to: '/blog-admin' },
  { label: 'User Management', to: '/admin/users' },
  { label: 'System Logs', to: '/admin/logs' },
] as const;

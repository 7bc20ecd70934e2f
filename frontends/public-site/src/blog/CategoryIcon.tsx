import type { ReactElement } from 'react';

// docs/product/accounts.md §2: Company, Psychology, Parenting, Strategy and Freelancing have their own icons; any other
// category (Technology, or one an admin typed) gets the fallback. Line icons on a 24 px grid, decorative only:
// the category's name is always printed beside them in the badge.
const ICON_PATHS: Record<string, ReactElement> = {
  // a building
  Company: (
    <>
      <path d="M4 21V5a1 1 0 0 1 1-1h9a1 1 0 0 1 1 1v16" />
      <path d="M15 9h4a1 1 0 0 1 1 1v11" />
      <path d="M3 21h18M8 8h3M8 12h3M8 16h3" />
    </>
  ),
  // a lightbulb: how we think about money
  Psychology: (
    <>
      <path d="M9 18h6M10 21h4" />
      <path d="M12 3a6 6 0 0 0-3.5 10.9c.6.4 1 1.1 1 1.8V16h5v-.3c0-.7.4-1.4 1-1.8A6 6 0 0 0 12 3Z" />
    </>
  ),
  // a house with a heart
  Parenting: (
    <>
      <path d="M3 11 12 4l9 7" />
      <path d="M5 10v10h14V10" />
      <path d="M12 17s-3-1.8-3-3.6a1.5 1.5 0 0 1 3-.4 1.5 1.5 0 0 1 3 .4C15 15.2 12 17 12 17Z" />
    </>
  ),
  // a target
  Strategy: (
    <>
      <circle cx="12" cy="12" r="8" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="12" cy="12" r="0.5" />
    </>
  ),
  // a laptop
  Freelancing: (
    <>
      <rect x="4" y="5" width="16" height="11" rx="1" />
      <path d="M2 19h20" />
    </>
  ),
};

// a document with lines
const FALLBACK_ICON = (
  <>
    <path d="M6 3h8l4 4v14H6z" />
    <path d="M14 3v4h4M9 12h6M9 16h6" />
  </>
);

/** The category's icon, or the fallback; `data-category-icon` names which one was drawn (for tests). */
export function CategoryIcon({ category, className }: { category: string; className?: string }) {
  const known = Object.hasOwn(ICON_PATHS, category);
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-category-icon={known ? category : 'fallback'}
    >
      {known ? ICON_PATHS[category] : FALLBACK_ICON}
    </svg>
  );
}

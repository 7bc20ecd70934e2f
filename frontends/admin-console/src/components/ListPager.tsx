import { Button } from '@paycadence/web-kit';
import { pageCount, showingText, type ListView } from '../model/list-view.js';

export interface ListPagerProps {
  /** Names the navigation landmark ('Registered users pages'). */
  label: string;
  view: ListView;
  shown: number;
  total: number;
  estimated: boolean;
  hasPrevious: boolean;
  hasNext: boolean;
  busy: boolean;
  onPrevious: () => void;
  onNext: () => void;
}

/**
 * Previous / Next over the server's keyset pages, and where the page stands: 'Showing 51–100 of 1,234 · Page 2
 * of 25', read out politely when it changes. The buttons follow the server's cursors, not the page count, so a
 * list that changed meanwhile never offers a page that is not there.
 */
export function ListPager({ label, view, shown, total, estimated, hasPrevious, hasNext, busy, onPrevious, onNext }: ListPagerProps) {
  if (total === 0 && shown === 0) return null;
  return (
    <nav className="ac-pager" aria-label={label}>
      <Button variant="secondary" size="sm" onClick={onPrevious} disabled={!hasPrevious || busy}>
        Previous
      </Button>
      <p className="ac-pager__text" aria-live="polite">
        {showingText(view, shown, total, estimated)}
        <span className="ac-muted">
          {' '}
          · Page {view.page.toLocaleString('en-US')} of {estimated ? 'about ' : ''}
          {pageCount(total).toLocaleString('en-US')}
        </span>
      </p>
      <Button variant="secondary" size="sm" onClick={onNext} disabled={!hasNext || busy}>
        Next
      </Button>
    </nav>
  );
}

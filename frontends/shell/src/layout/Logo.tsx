import { PRODUCT_NAME } from '@paycadence/contracts';
import { VisuallyHidden } from '@paycadence/web-kit';
import { Link } from 'react-router-dom';

/** The name a screen reader hears ("PayCadence home") is built from the visible text, as WCAG 2.5.3 asks. */
export function Logo({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link to="/" className="pc-logo" onClick={onNavigate}>
      <span className="pc-logo__mark" aria-hidden="true">
        PC
      </span>
      <span>{PRODUCT_NAME}</span>
      <VisuallyHidden> home</VisuallyHidden>
    </Link>
  );
}

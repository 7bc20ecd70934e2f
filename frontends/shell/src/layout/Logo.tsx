import { PRODUCT_NAME } from '@payday/contracts';
import { Link } from 'react-router-dom';

export function Logo({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link to="/" className="pc-logo" aria-label={`${PRODUCT_NAME} home`} onClick={onNavigate}>
      <span className="pc-logo__mark" aria-hidden="true">
        PC
      </span>
      <span>{PRODUCT_NAME}</span>
    </Link>
  );
}

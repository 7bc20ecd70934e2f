import { PRODUCT_NAME, SUPPORT_EMAIL } from '@paycadence/contracts';
import { useAuth } from '@paycadence/web-kit';
import { Link } from 'react-router-dom';
import { Logo } from './Logo';
import { HELP_CENTRE_PATH, SOCIAL_LINK, SUPPORT_MAILTO } from './site-links';

/** docs/product/accounts.md §2: Quick Links (Dashboard only when signed in), Legal, Contact, a social link. */
export function Footer() {
  const { user } = useAuth();
  return (
    <footer className="pc-footer">
      <div className="pc-container">
        <div className="pc-footer__grid">
          <div className="pc-footer__brand">
            <Logo />
            <p>Bills in step with your paydays. Pay each bill 2-3 days after payday and always know what is left to spend.</p>
          </div>
          <nav aria-labelledby="footer-quick-links">
            <h2 id="footer-quick-links" className="pc-footer__heading">
              Quick Links
            </h2>
            <ul className="pc-footer__list">
              <li>
                <Link to="/about">About Us</Link>
              </li>
              <li>
                <Link to="/blog">Blog</Link>
              </li>
              {user && (
                <li>
                  <Link to="/dashboard">Dashboard</Link>
                </li>
              )}
            </ul>
          </nav>
          <nav aria-labelledby="footer-legal">
            <h2 id="footer-legal" className="pc-footer__heading">
              Legal
            </h2>
            <ul className="pc-footer__list">
              <li>
                <Link to="/privacy">Privacy Policy</Link>
              </li>
              <li>
                <Link to="/terms">Terms of Service</Link>
              </li>
              <li>
                <Link to="/security">Security</Link>
              </li>
            </ul>
          </nav>
          <div>
            <h2 className="pc-footer__heading">Contact</h2>
            <ul className="pc-footer__list">
              <li>
                <a href={SUPPORT_MAILTO}>{SUPPORT_EMAIL}</a>
              </li>
              <li>
                <Link to={HELP_CENTRE_PATH}>Help Centre</Link>
              </li>
              <li>
                <a href={SOCIAL_LINK.href} target="_blank" rel="noopener noreferrer">
                  {SOCIAL_LINK.label}
                </a>
              </li>
            </ul>
          </div>
        </div>
        <div className="pc-footer__bottom">
          <span>
            © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
          </span>
          <span>Read-only bank access · Your data is never sold</span>
        </div>
      </div>
    </footer>
  );
}

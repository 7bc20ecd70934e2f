import { useAuth, useLogoutToHome } from '@paycadence/web-kit';
import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { InstallSteps } from '../pwa/InstallSteps';
import { useInstallOffer } from '../pwa/install-offer';
import { Logo } from './Logo';
import { NavMenu, type NavMenuItem } from './NavMenu';
import { ACCOUNT_LINKS, ADMIN_LINKS } from './signed-in-links';
import { JOIN_WAITLIST_TARGET } from './site-links';

export const INSTALL_APP_LABEL = 'Install app';

const navLinks = [
  { to: '/blog', label: 'Blog' },
  { to: '/about', label: 'About' },
];

/**
 * docs/product/accounts.md §2 shared layout (signed out): logo, Blog, About, Sign In, Join Waitlist.
 * docs/product/signed-in.md §2 (signed in): logo, Dashboard, Account menu (Logout returns home), Admin menu for admins only.
 * A menu button on phones.
 */
export function Header() {
  const { user, loading } = useAuth();
  const logoutToHome = useLogoutToHome();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();

  useEffect(() => setMenuOpen(false), [location.pathname, location.hash]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const close = () => setMenuOpen(false);
  // Logout returns home (docs/product/signed-in.md §2); the session ends once home shows (web-kit useLogoutToHome).
  const logout = () => {
    close();
    logoutToHome();
  };
  const isAdmin = user?.role === 'admin';
  // Where the browser can install the app (or, on iPhone, where the Share menu can): the Account menu offers it.
  const installOffer = useInstallOffer();
  const [showInstallSteps, setShowInstallSteps] = useState(false);
  const installApp = () => {
    close();
    if (installOffer?.kind === 'prompt') void installOffer.install();
    else setShowInstallSteps(true);
  };
  const accountItems: NavMenuItem[] = [
    ...ACCOUNT_LINKS,
    ...(installOffer ? [{ label: INSTALL_APP_LABEL, onSelect: installApp }] : []),
    { label: 'Logout', onSelect: logout },
  ];

  const desktop = user ? (
    <nav className="pc-nav pc-nav--desktop" aria-label="Main">
      <NavLink to="/dashboard" className="pc-nav__link">
        Dashboard
      </NavLink>
      <div className="pc-nav__actions">
        {isAdmin && <NavMenu label="Admin" items={[...ADMIN_LINKS]} />}
        <NavMenu label="Account" items={accountItems} />
      </div>
    </nav>
  ) : (
    <nav className="pc-nav pc-nav--desktop" aria-label="Main">
      {navLinks.map((link) => (
        <NavLink key={link.to} to={link.to} className="pc-nav__link" onClick={close}>
          {link.label}
        </NavLink>
      ))}
      <div className="pc-nav__actions" hidden={loading}>
        <Link to="/login" className="pc-btn pc-btn--secondary">
          Sign In
        </Link>
        <Link to={JOIN_WAITLIST_TARGET} className="pc-btn pc-btn--primary">
          Join Waitlist
        </Link>
      </div>
    </nav>
  );

  const mobileLinks = user
    ? [{ to: '/dashboard', label: 'Dashboard' }, ...ACCOUNT_LINKS, ...(isAdmin ? ADMIN_LINKS : [])]
    : navLinks;

  return (
    <header className="pc-header">
      <div className="pc-container pc-header__inner">
        <Logo onNavigate={close} />
        {desktop}
        <button
          type="button"
          className="pc-menu-button"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="pc-menu-button__bars" aria-hidden="true" />
        </button>
      </div>
      <nav id="mobile-menu" className="pc-mobile-menu" data-open={menuOpen} aria-label="Main (mobile)" hidden={!menuOpen}>
        <div className="pc-container">
          <ul className="pc-mobile-menu__list">
            {mobileLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className="pc-nav__link" onClick={close}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="pc-mobile-menu__actions">
            {user ? (
              <>
                {installOffer && (
                  <button type="button" className="pc-btn pc-btn--secondary pc-btn--lg" onClick={installApp}>
                    {INSTALL_APP_LABEL}
                  </button>
                )}
                <button type="button" className="pc-btn pc-btn--secondary pc-btn--lg" onClick={logout}>
                  Logout
                </button>
              </>
            ) : (
              <>
                <Link to="/login" className="pc-btn pc-btn--secondary pc-btn--lg" onClick={close}>
                  Sign In
                </Link>
                <Link to={JOIN_WAITLIST_TARGET} className="pc-btn pc-btn--primary pc-btn--lg" onClick={close}>
                  Join Waitlist
                </Link>
              </>
            )}
          </div>
        </div>
      </nav>
      <InstallSteps open={showInstallSteps} onClose={() => setShowInstallSteps(false)} />
    </header>
  );
}

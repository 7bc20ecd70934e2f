import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { Logo } from './Logo';
import { JOIN_WAITLIST_TARGET } from './site-links';

const navLinks = [
  { to: '/blog', label: 'Blog' },
  { to: '/about', label: 'About' },
];

/** spec part 1 §2 shared layout: logo, Blog, About, Sign In, Join Waitlist; a menu button on phones. */
export function Header() {
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
  const links = navLinks.map((link) => (
    <NavLink key={link.to} to={link.to} className="pc-nav__link" onClick={close}>
      {link.label}
    </NavLink>
  ));

  return (
    <header className="pc-header">
      <div className="pc-container pc-header__inner">
        <Logo onNavigate={close} />
        <nav className="pc-nav pc-nav--desktop" aria-label="Main">
          {links}
          <div className="pc-nav__actions">
            <Link to="/login" className="pc-btn pc-btn--secondary">
              Sign In
            </Link>
            <Link to={JOIN_WAITLIST_TARGET} className="pc-btn pc-btn--primary">
              Join Waitlist
            </Link>
          </div>
        </nav>
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
            {navLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className="pc-nav__link" onClick={close}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="pc-mobile-menu__actions">
            <Link to="/login" className="pc-btn pc-btn--secondary pc-btn--lg" onClick={close}>
              Sign In
            </Link>
            <Link to={JOIN_WAITLIST_TARGET} className="pc-btn pc-btn--primary pc-btn--lg" onClick={close}>
              Join Waitlist
            </Link>
          </div>
        </div>
      </nav>
    </header>
  );
}

import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';

export interface NavMenuItem {
  label: string;
  /** A link target, or an action (Logout). */
  to?: string;
  onSelect?: () => void;
}

/**
 * A disclosure menu of the signed-in nav (docs/product/signed-in.md §2): opens on click, Enter, Space or ArrowDown; arrow
 * keys move between items; closes on an outside click, Escape (focus back on the button) and navigation.
 */
export function NavMenu({ label, items }: { label: string; items: NavMenuItem[] }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<Array<HTMLElement | null>>([]);
  const menuId = useId();
  const location = useLocation();

  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent | TouchEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('touchstart', onPointer);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('touchstart', onPointer);
    };
  }, [open]);

  const focusItem = (index: number) => {
    const count = items.length;
    itemRefs.current[((index % count) + count) % count]?.focus();
  };

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      requestAnimationFrame(() => focusItem(0));
    }
  };

  const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const index = itemRefs.current.findIndex((element) => element === document.activeElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusItem(index + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      focusItem(index - 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusItem(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focusItem(items.length - 1);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="pc-navmenu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="pc-navmenu__button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={onButtonKey}
      >
        {label}
        <span className="pc-navmenu__caret" aria-hidden="true" />
      </button>
      <ul id={menuId} className="pc-navmenu__list" hidden={!open} aria-label={label} onKeyDown={onMenuKey}>
        {items.map((item, index) => (
          <li key={item.label}>
            {item.to ? (
              <Link
                to={item.to}
                className="pc-navmenu__item"
                ref={(element) => {
                  itemRefs.current[index] = element;
                }}
                onClick={() => setOpen(false)}
              >
                {item.label}
              </Link>
            ) : (
              <button
                type="button"
                className="pc-navmenu__item"
                ref={(element) => {
                  itemRefs.current[index] = element;
                }}
                onClick={() => {
                  setOpen(false);
                  item.onSelect?.();
                }}
              >
                {item.label}
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

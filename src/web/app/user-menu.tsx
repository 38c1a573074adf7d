import { ChevronDown, LayoutDashboard, LogOut, UserRound } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { cn } from '../components/ui/cn';
import { t } from '../lib/i18n';
import { displayFirstName } from './display-name';

const CLOSE_DELAY_MS = 150;

interface UserMenuProps {
  firstName: string | null | undefined;
  onLogout: () => void;
}

/**
 * The signed-in badge. Opens on hover (desktop), on click/tap, and from the keyboard
 * (Enter/Space/ArrowDown on the badge; Escape closes and returns focus to the badge).
 */
export function UserMenu({ firstName, onLogout }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  /** Opened by the pointer hovering: the click that follows must not close it again. */
  const openedByHover = useRef(false);
  const menuId = useId();
  const { pathname } = useLocation();
  const name = displayFirstName(firstName);

  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) openedByHover.current = false;
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const items = () => Array.from(rootRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  const openAndFocus = (index: number) => {
    setOpen(true);
    window.requestAnimationFrame(() => items().at(index)?.focus());
  };

  const handleButtonKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      openAndFocus(0);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      openAndFocus(-1);
    }
  };

  const handleMenuKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'Escape') {
      e.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      list[(index + 1) % list.length]?.focus();
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      list[(index - 1 + list.length) % list.length]?.focus();
    } else if (e.key === 'Home') {
      e.preventDefault();
      list[0]?.focus();
    } else if (e.key === 'End') {
      e.preventDefault();
      list.at(-1)?.focus();
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  };

  const itemClass =
    'flex w-full items-center gap-2.5 rounded-md px-3 py-2 text-left text-sm text-slate-700 ' +
    'hover:bg-brand-50 hover:text-brand-800 focus:bg-brand-50 focus:text-brand-800 focus:outline-none';

  return (
    <div
      ref={rootRef}
      className="relative"
      onMouseEnter={() => {
        window.clearTimeout(closeTimer.current);
        if (!open) openedByHover.current = true;
        setOpen(true);
      }}
      onMouseLeave={() => {
        closeTimer.current = window.setTimeout(() => setOpen(false), CLOSE_DELAY_MS);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => {
          if (openedByHover.current) {
            openedByHover.current = false;
            setOpen(true);
          } else {
            setOpen((v) => !v);
          }
        }}
        onKeyDown={handleButtonKeyDown}
        className="inline-flex items-center gap-2 rounded-full border border-slate-200 bg-white py-1 pr-3 pl-1 text-sm font-semibold text-slate-800 shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-50"
      >
        <span
          aria-hidden="true"
          className="grid size-7 place-items-center rounded-full bg-brand-700 text-xs font-bold text-white uppercase"
        >
          {name.charAt(0)}
        </span>
        <span className="max-w-32 truncate">{name}</span>
        <ChevronDown aria-hidden="true" className={cn('size-4 text-slate-500 transition-transform', open && 'rotate-180')} />
      </button>
      {/* The hover gap between badge and menu is bridged by pt-2 so the pointer can travel down. */}
      <div className={cn('absolute right-0 top-full z-50 pt-2', !open && 'hidden')}>
        <div
          id={menuId}
          role="menu"
          aria-label={t('common.userMenu.label')}
          onKeyDown={handleMenuKeyDown}
          className="w-52 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg ring-1 ring-black/5"
        >
          <Link role="menuitem" to="/dashboard" className={itemClass}>
            <LayoutDashboard aria-hidden="true" className="size-4" />
            {t('common.nav.dashboard')}
          </Link>
          <Link role="menuitem" to="/profile" className={itemClass}>
            <UserRound aria-hidden="true" className="size-4" />
            {t('common.nav.profile')}
          </Link>
          <div role="separator" className="my-1 h-px bg-slate-100" />
          <button
            role="menuitem"
            type="button"
            className={cn(itemClass, 'text-red-700 hover:bg-red-50 hover:text-red-800 focus:bg-red-50 focus:text-red-800')}
            onClick={() => {
              setOpen(false);
              onLogout();
            }}
          >
            <LogOut aria-hidden="true" className="size-4" />
            {t('common.nav.logout')}
          </button>
        </div>
      </div>
    </div>
  );
}

import { useCallback, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { storeConfig } from '@/config/store';
import { HeaderSearch } from './header-search';
import { MainNav } from './main-nav';
import { MobileMenu } from './mobile-menu';
import './header.css';

export interface HeaderSlots {
  /** The account area (sign-in link today; greeting, admin link and account menu later). */
  account: ReactNode;
  /** The cart icon with its badge and mini cart. */
  cart: ReactNode;
  /** The newest sets as a list of links, shown in the desktop dropdown and the mobile menu. */
  latestSets: ReactNode;
}

export function Header({ account, cart, latestSets }: HeaderSlots) {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  useEffect(closeMenu, [location.key, closeMenu]);

  return (
    <header className="site-header">
      <div className="site-header__bar container">
        <button
          type="button"
          className="site-header__menu-button"
          aria-label="Abrir menú"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <span className="hamburger" aria-hidden="true" />
        </button>
        <Link to={paths.home} className="site-header__logo" aria-label={`${storeConfig.name}, inicio`}>
          <span className="site-header__logo-mark" aria-hidden="true">
            ◆
          </span>
          {storeConfig.name}
        </Link>
        <div className="site-header__search">
          <HeaderSearch />
        </div>
        <div className="site-header__actions">
          {account}
          {cart}
        </div>
      </div>
      <div className="site-header__nav">
        <div className="container">
          <MainNav latestSets={latestSets} />
        </div>
      </div>
      <MobileMenu open={menuOpen} onClose={closeMenu} latestSets={latestSets} />
    </header>
  );
}

import { useEffect } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { buttonClasses } from "#app/ui/button-link.tsx";
import { ExecutiveAccessButton } from "#app/features/executive-invitation/invitation-dialog.tsx";
import { LogoMark } from "#app/ui/logo-mark.tsx";
import { ProhibitionIcon } from "#app/ui/prohibition-icon.tsx";
import { useAuth } from "#app/features/sign-in/auth.tsx";
import { useMainMenu } from "./main-menu.tsx";
import { club, memberNavigation, visitorNavigation } from "#app/features/site/site-config.ts";

/**
 * The one navigation link the page belongs to: the longest whose path holds it, so /members/events
 * marks 'Calendar' alone, not 'Members Area' too; "/" marks only the home page.
 */
export function currentNavigationPath(paths: readonly string[], pathname: string): string | undefined {
  const holding = paths.filter((path) => (path === "/" ? pathname === "/" : pathname === path || pathname.startsWith(`${path}/`)));
  return holding.sort((a, b) => b.length - a.length)[0];
}

const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  `block whitespace-nowrap rounded-sm px-2 py-2 text-sm tracking-wide transition-colors ${
    isActive ? "text-brass underline decoration-brass decoration-2 underline-offset-8" : "text-cream hover:text-brass"
  }`;

/**
 * The header (docs/product-rules.md#layout-header-and-footer): logo, navigation with the current page marked, mobile menu. Visitors get the
 * visitor navigation, 'Executive Access' (the invitation dialog) and 'Member Login'; signed-in
 * members the members navigation (with /bosses-only as a prohibition icon) and 'Sign Out', a real
 * form POST so it works before the page's script has loaded.
 */
export function SiteHeader() {
  const { user } = useAuth();
  const { open: menuOpen, setOpen: setMenuOpen, toggle: toggleMenu } = useMainMenu();
  const closeMenu = () => setMenuOpen(false);
  const navigation = user ? memberNavigation : visitorNavigation;
  const current = currentNavigationPath(
    navigation.map((link) => link.to),
    useLocation().pathname,
  );

  // Esc closes the open menu (docs/product-rules.md#accessibility, keyboard shortcuts).
  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape") setMenuOpen(false);
    };
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [menuOpen, setMenuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-cedar bg-night/95 backdrop-blur">
      <div className="mx-auto flex max-w-[120rem] items-center justify-between gap-4 px-5 py-3">
        <Link to="/" aria-label={`${club.shortName}, home`} className="flex items-center gap-3 text-brass" onClick={closeMenu}>
          <LogoMark />
          <span className="whitespace-nowrap font-display text-xl font-semibold tracking-wide text-cream">{club.shortName}</span>
        </Link>

        <button
          type="button"
          className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-sm border border-cedar px-3 text-sm text-cream nav:hidden"
          aria-expanded={menuOpen}
          aria-controls="main-menu"
          onClick={toggleMenu}
        >
          {menuOpen ? "Close menu" : "Menu"}
        </button>

        <nav
          id="main-menu"
          aria-label="Main"
          className={`${menuOpen ? "block" : "hidden"} absolute inset-x-0 top-full border-b border-cedar bg-night px-5 pb-5 nav:static nav:block nav:border-0 nav:bg-transparent nav:p-0`}
        >
          <ul className="flex flex-col gap-1 nav:flex-row nav:flex-wrap nav:items-center nav:justify-end nav:gap-x-0 nav:gap-y-2">
            {navigation.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  aria-current={link.to === current ? "page" : undefined}
                  className={navLinkClasses({ isActive: link.to === current })}
                  onClick={closeMenu}
                  aria-label={"iconOnly" in link ? link.label : undefined}
                  title={"iconOnly" in link ? link.label : undefined}
                >
                  {"iconOnly" in link ? <ProhibitionIcon /> : link.label}
                </Link>
              </li>
            ))}
            {user ? (
              <>
                {user.role === "concierge" ? (
                  <li>
                    <NavLink to="/concierge" className={navLinkClasses} onClick={closeMenu}>
                      Concierge
                    </NavLink>
                  </li>
                ) : null}
                <li className="mt-3 nav:ml-3 nav:mt-0">
                  <Form method="post" action="/auth/sign-out" onSubmit={closeMenu}>
                    <button type="submit" className={`${buttonClasses("secondary")} whitespace-nowrap`}>
                      Sign Out
                    </button>
                  </Form>
                </li>
              </>
            ) : (
              <>
                <li className="mt-3 nav:ml-3 nav:mt-0">
                  <ExecutiveAccessButton className={`${buttonClasses("primary")} whitespace-nowrap`} onOpen={closeMenu}>
                    Executive Access
                  </ExecutiveAccessButton>
                </li>
                <li className="mt-2 nav:ml-2 nav:mt-0">
                  <Link to="/auth" className={`${buttonClasses("secondary")} whitespace-nowrap`} onClick={closeMenu}>
                    Member Login
                  </Link>
                </li>
              </>
            )}
          </ul>
        </nav>
      </div>
    </header>
  );
}

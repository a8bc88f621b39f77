import { useEffect, useRef, useSyncExternalStore } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { buttonClasses } from "#app/ui/button-link.tsx";
import { ExecutiveAccessButton } from "#app/features/executive-invitation/invitation-dialog.tsx";
import { LogoMark } from "#app/ui/logo-mark.tsx";
import { ProhibitionIcon } from "#app/ui/prohibition-icon.tsx";
import { useAuth } from "#app/features/sign-in/auth.tsx";
import { useMainMenu } from "./main-menu.tsx";
import { forgetCardOnThisDevice } from "#app/features/card/forget-card.ts";
import { forgetDoorListOnThisDevice } from "#app/features/door/forget-door-list.ts";
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

const actionClasses = (variant: "primary" | "secondary") => `${buttonClasses(variant, "compact")} whitespace-nowrap`;

const subscribeNever = () => () => {};

const doorNavigation = [{ to: "/", label: "Home" }];

/**
 * The header (docs/product-rules.md#layout-header-and-footer): logo, navigation with the current
 * page marked, the calls to action and the menu toggle. Visitors get the visitor navigation,
 * 'Executive Access' (the invitation form) and 'Member Login'; signed-in members the members
 * navigation (with /bosses-only as a prohibition icon) and 'Sign Out', a real form POST so it
 * works before the page's script has loaded.
 *
 * The calls to action sit beside the logo from the width where they fit; the full navigation
 * shows from the width where it fits on the same line; below those widths they are in the menu.
 * The widths depend on the audience (`data-audience`) and live in app/app.css (the header's menu).
 * The menu is a disclosure (<details>), so it opens without JavaScript; with it, its state is
 * `useMainMenu`'s, which Esc, Alt+M and the links' clicks change.
 */
export function SiteHeader() {
  const { user } = useAuth();
  const { open: menuOpen, setOpen: setMenuOpen } = useMainMenu();
  const closeMenu = () => setMenuOpen(false);
  const disclosureRef = useRef<HTMLDetailsElement>(null);
  // False in the server's HTML and during hydration: without a script, the disclosure's own state
  // is the only truth, so no aria-expanded that could contradict it.
  const scripted = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  // Door staff see the door alone of the members' pages (docs/product-rules.md#door).
  const navigation = user ? (user.role === "door" ? doorNavigation : memberNavigation) : visitorNavigation;
  const audience = user ? user.role : "visitor";
  const current = currentNavigationPath(
    navigation.map((link) => link.to),
    useLocation().pathname,
  );

  // No one signed in here (signed out, or the session ended): the member card leaves this device;
  // and unless door staff or a concierge is signed in, so does the door's list of members.
  useEffect(() => {
    if (!user) void forgetCardOnThisDevice().catch(() => undefined);
    if (user?.role !== "door" && user?.role !== "concierge") void forgetDoorListOnThisDevice().catch(() => undefined);
  }, [user]);

  // A visitor may open the menu before the page's script has run: the state takes it over.
  useEffect(() => {
    if (disclosureRef.current?.open) setMenuOpen(true);
  }, [setMenuOpen]);

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
    <header id="site-header" data-audience={audience} className="sticky top-0 z-40 border-b border-cedar bg-night/95 backdrop-blur">
      <div className="mx-auto flex max-w-[120rem] flex-wrap items-center justify-end gap-x-3 gap-y-2 px-5 py-3 sm:gap-x-4">
        <Link to="/" aria-label={`${club.shortName}, home`} className="mr-auto flex items-center gap-3 text-brass" onClick={closeMenu}>
          <LogoMark />
          <span className="whitespace-nowrap font-display text-xl font-semibold tracking-wide text-cream">{club.shortName}</span>
        </Link>

        <details
          ref={disclosureRef}
          id="main-menu-disclosure"
          className="nav-fits:hidden"
          open={menuOpen}
          onToggle={(event) => setMenuOpen(event.currentTarget.open)}
        >
          {/* A summary is a button to assistive technology; the explicit role lets every tool,
              role queries in tests included, find the toggle as one. */}
          <summary
            role="button"
            aria-controls="main-menu"
            aria-expanded={scripted ? menuOpen : undefined}
            className="inline-flex min-h-11 min-w-11 cursor-pointer list-none items-center justify-center rounded-sm border border-cedar px-3 text-sm text-cream [&::-webkit-details-marker]:hidden"
          >
            {/* The name follows the disclosure's state, script or not. */}
            <span className="menu-open:hidden">Menu</span>
            <span className="hidden menu-open:inline">Close menu</span>
          </summary>
        </details>

        {/* Narrow: the menu's panel, under the header, holds the navigation and the calls to action.
            Once the calls to action fit (actions-fit), the panel's box goes (contents) and they
            join the line; the navigation alone drops down from the toggle. Once it fits too
            (nav-fits), it joins the line and the toggle goes. */}
        <div className="absolute inset-x-0 top-full hidden border-b border-cedar bg-night px-5 pb-5 menu-open:block actions-fit:contents">
          <nav
            id="main-menu"
            aria-label="Main"
            className="hidden menu-open:block actions-fit:absolute actions-fit:inset-x-0 actions-fit:top-full actions-fit:border-b actions-fit:border-cedar actions-fit:bg-night actions-fit:px-5 actions-fit:pb-5 nav-fits:static nav-fits:block nav-fits:border-0 nav-fits:bg-transparent nav-fits:p-0"
          >
            <ul className="flex flex-col gap-1 nav-fits:flex-row nav-fits:flex-wrap nav-fits:items-center nav-fits:justify-end nav-fits:gap-x-0 nav-fits:gap-y-2">
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
              {user?.role === "door" ? (
                <li>
                  <NavLink to="/door" className={navLinkClasses} onClick={closeMenu}>
                    Door
                  </NavLink>
                </li>
              ) : null}
              {user?.role === "concierge" ? (
                <li>
                  <NavLink to="/concierge" className={navLinkClasses} onClick={closeMenu}>
                    Concierge
                  </NavLink>
                </li>
              ) : null}
            </ul>
          </nav>

          <div className="mt-3 flex flex-wrap items-center gap-2 actions-fit:mt-0">
            {user ? (
              <Form method="post" action="/auth/sign-out" onSubmit={closeMenu}>
                <button type="submit" className={actionClasses("secondary")}>
                  Sign Out
                </button>
              </Form>
            ) : (
              <>
                <ExecutiveAccessButton className={actionClasses("primary")} onOpen={closeMenu}>
                  Executive Access
                </ExecutiveAccessButton>
                <Link to="/auth" className={actionClasses("secondary")} onClick={closeMenu}>
                  Member Login
                </Link>
              </>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}

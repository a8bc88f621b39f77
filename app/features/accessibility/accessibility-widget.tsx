import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { showToast } from "#app/ui/toast/toast-store.ts";
import { ColorFilters } from "./color-filters.tsx";
import { ReadingGuide } from "./reading-guide.tsx";
import { useAccessibilitySettings } from "./use-accessibility-settings.ts";
import { useAccessibilityShortcuts } from "./use-accessibility-shortcuts.ts";
import { useCodeOnDemand } from "#app/lib/use-code-on-demand.ts";
import { ACCESSIBILITY_SETTINGS_PATH } from "./accessibility-settings.ts";

// The panel is rendered and downloaded only when first opened: closed, it was a sixth of every
// page's HTML and a fifth of the site's own first-load JavaScript (docs/performance-notes.md).
const loadPanel = () => import("./accessibility-panel.tsx");

/**
 * Where the settings button sits (docs/product-rules.md#accessibility). From 480 px, at ordinary
 * text sizes, it floats in the bottom right corner, 52 px (app/app.css keeps room for it at the
 * end of the page). On narrower screens, and from 150 % text at any width, a floating button would
 * lie over the page's controls, so it sits instead in the top right corner of the page, 44 px, in
 * the room the health warning bar keeps for it (app/shell/health-warning-bar.tsx: at least 48 px
 * tall there), and scrolls away with the page; Alt+A opens the panel from anywhere. Inside the
 * age gate it takes the same corner of the gate.
 */
// Written out in full: Tailwind finds class names only as literal text in the source.
const buttonPlacement =
  "absolute right-[8px] top-[2px] size-[44px] " +
  "min-[480px]:fixed min-[480px]:bottom-[16px] min-[480px]:right-[16px] min-[480px]:top-auto min-[480px]:size-[52px] " +
  "[html[data-a11y-large-text]_&]:absolute [html[data-a11y-large-text]_&]:bottom-auto [html[data-a11y-large-text]_&]:right-[8px] " +
  "[html[data-a11y-large-text]_&]:top-[2px] [html[data-a11y-large-text]_&]:size-[44px]";

/**
 * The accessibility settings widget on every page (docs/product-rules.md#accessibility): the button,
 * the settings panel, the colour filters, the reading guide, the keyboard shortcuts and the
 * screen-reader focus handling on navigation. The page meets WCAG 2.2 AA without it. The button is
 * a link to the settings page (/accessibility/settings), which works without JavaScript; once
 * the page's script runs, it opens the panel instead.
 */
export function AccessibilityWidget() {
  const { settings, change, reset } = useAccessibilitySettings();
  const [open, setOpen] = useState(false);
  const [panelWanted, setPanelWanted] = useState(false);
  const buttonRef = useRef<HTMLAnchorElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  /** Asked to open before the panel's code arrived: it opens as soon as it is mounted. */
  const openWhenMounted = useRef(false);

  const showPanel = useCallback((dialog: HTMLDialogElement) => {
    dialog.showModal();
    setOpen(true);
  }, []);

  const openPanel = useCallback(() => {
    const dialog = dialogRef.current;
    if (dialog?.open || openWhenMounted.current) return;
    returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog) return showPanel(dialog);
    openWhenMounted.current = true;
    setPanelWanted(true);
  }, [showPanel]);

  const panelMounted = useCallback(
    (dialog: HTMLDialogElement | null) => {
      dialogRef.current = dialog;
      if (dialog && openWhenMounted.current) {
        openWhenMounted.current = false;
        showPanel(dialog);
      }
    },
    [showPanel],
  );

  // Closing also cancels an opening still waiting for the panel's code (Esc, Alt+1, Alt+A again).
  const closePanel = useCallback(() => {
    openWhenMounted.current = false;
    dialogRef.current?.close();
  }, []);

  const togglePanel = useCallback(() => {
    if (dialogRef.current?.open || openWhenMounted.current) closePanel();
    else openPanel();
  }, [openPanel, closePanel]);

  const panelFailedToLoad = useCallback(() => {
    openWhenMounted.current = false;
    setPanelWanted(false);
    showToast({
      title: "Accessibility settings",
      description: "The settings could not be loaded. Check your connection and try again.",
      variant: "destructive",
    });
  }, []);
  const panelCode = useCodeOnDemand(loadPanel, panelWanted, panelFailedToLoad);

  // However the panel closed (Esc, Close, a click outside, Alt+A), focus goes back where it was
  // when the panel opened: the button, or wherever the visitor pressed Alt+A. Not when a
  // shortcut has meanwhile moved it on (Alt+1, Alt+M).
  const panelClosed = () => {
    setOpen(false);
    const active = document.activeElement;
    if (active && active !== document.body && !dialogRef.current?.contains(active)) return;
    const target = returnFocusTo.current;
    (target?.isConnected && target !== document.body ? target : buttonRef.current)?.focus();
  };

  useAccessibilityShortcuts({ enabled: settings.keyboardNavigation, widgetRef: buttonRef, togglePanel, closePanel });

  const announcerRef = useScreenReaderNavigation(settings.screenReader);

  return (
    <>
      <a
        ref={buttonRef}
        href={ACCESSIBILITY_SETTINGS_PATH}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls="accessibility-panel"
        onClick={(event) => {
          // A new tab or window (Ctrl, Cmd, Shift, a middle click) opens the settings page.
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          togglePanel();
        }}
        className={`${buttonPlacement} z-40 inline-flex items-center justify-center rounded-full border-2 border-brass bg-night text-brass shadow-lg shadow-black/60 hover:bg-leather`}
      >
        <AccessibilityIcon />
        <span className="sr-only">Accessibility settings</span>
      </a>
      {panelCode ? (
        <panelCode.AccessibilityPanel
          ref={panelMounted}
          settings={settings}
          onChange={change}
          onReset={reset}
          onRequestClose={closePanel}
          onClosed={panelClosed}
        />
      ) : null}
      <ColorFilters />
      {settings.readingGuide ? <ReadingGuide /> : null}
      <p ref={announcerRef} role="status" className="sr-only" />
    </>
  );
}

/**
 * Screen-reader optimisation: after each navigation inside the site, focus moves to the start of
 * the new page's main content and the new page title is announced, instead of the screen reader
 * staying on the link that was chosen. The returned ref is a live region React never fills, so
 * writing to it directly is safe.
 */
function useScreenReaderNavigation(enabled: boolean) {
  const { pathname } = useLocation();
  const previousPathname = useRef(pathname);
  const announcerRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (previousPathname.current === pathname) return;
    previousPathname.current = pathname;
    if (!enabled) return;
    document.getElementById("main-content")?.focus({ preventScroll: true });
    if (announcerRef.current) announcerRef.current.textContent = `Page loaded: ${document.title}`;
  }, [pathname, enabled]);

  return announcerRef;
}

/** The international accessibility symbol: a figure with open arms in a circle. */
function AccessibilityIcon() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      width="30"
      height="30"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <circle cx="12" cy="12" r="10.25" />
      <circle cx="12" cy="6.6" r="1.35" fill="currentColor" stroke="none" />
      <path d="M6.5 9.2c1.9.6 3.7.9 5.5.9s3.6-.3 5.5-.9M12 10.1v3.6M12 13.7l-2.6 4.9M12 13.7l2.6 4.9" />
    </svg>
  );
}

import { useEffect, type RefObject } from "react";
import { useMainMenu } from "#app/shell/main-menu.tsx";

interface ShortcutActions {
  /** Off when the visitor turned keyboard navigation off in the panel. */
  enabled: boolean;
  /** An element of the widget: when it sits in an inert subtree, no shortcut runs. */
  widgetRef: RefObject<HTMLElement | null>;
  togglePanel: () => void;
  closePanel: () => void;
}

/**
 * Keyboard shortcuts (docs/product-rules.md#accessibility): Alt+A toggles the settings panel, Alt+1 moves focus to the main
 * content, Alt+M toggles the main menu. Esc is handled where each thing opens (the panel is a
 * <dialog>, the header closes its menu). `event.code` names the physical key, because Alt+letter
 * types a special character on macOS (Option+A is "å").
 */
export function useAccessibilityShortcuts({ enabled, widgetRef, togglePanel, closePanel }: ShortcutActions): void {
  const menu = useMainMenu();

  useEffect(() => {
    if (!enabled) return;

    const toggleMenu = () => {
      const menuElement = document.getElementById("main-menu");
      if (menu.open) {
        menu.setOpen(false);
        // Focus must not vanish with the menu: hand it to the menu's toggle.
        if (menuElement?.contains(document.activeElement)) {
          document.querySelector<HTMLElement>('[aria-controls="main-menu"]')?.focus();
        }
        return;
      }
      menu.setOpen(true);
      // Once the menu is shown, put the keyboard in it.
      requestAnimationFrame(() => menuElement?.querySelector<HTMLElement>("a[href]")?.focus());
    };

    const runShortcut = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (widgetRef.current?.closest("[inert]")) return;
      // While the age gate is open the page behind it is inert: only the panel can open.
      const pageInert = !!document.getElementById("main-content")?.closest("[inert]");
      switch (event.code) {
        case "KeyA":
          togglePanel();
          break;
        case "Digit1":
          if (pageInert) return;
          closePanel();
          document.getElementById("main-content")?.focus();
          break;
        case "KeyM":
          if (pageInert) return;
          closePanel();
          toggleMenu();
          break;
        default:
          return;
      }
      event.preventDefault();
    };

    document.addEventListener("keydown", runShortcut);
    return () => document.removeEventListener("keydown", runShortcut);
  }, [enabled, widgetRef, togglePanel, closePanel, menu]);
}

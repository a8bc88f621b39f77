import { expect, type Page } from "@playwright/test";

/**
 * Nothing floating covers a control (docs/product-rules.md#layout-header-and-footer): at the
 * current viewport, each visible control of the page (a link, button, field, select, text area or
 * disclosure summary) is scrolled to the middle of the screen, and the point at its centre must
 * belong to the control itself, not to a fixed or sticky element lying over it (the header, a
 * toast, the accessibility button). Controls that are part of a fixed or sticky element are
 * checked too, except against their own container. The page's scroll position comes back after.
 * On failure the message names each covered control and what covers it.
 */
export async function expectNothingCovers(page: Page): Promise<void> {
  const covered = await page.evaluate(() => {
    const describe = (element: Element): string => {
      const text = element instanceof HTMLElement ? element.innerText.trim().replace(/\s+/g, " ") : "";
      const name = element.getAttribute("aria-label") || text || element.getAttribute("name") || "";
      const id = element.id ? `#${element.id}` : "";
      return `${element.tagName.toLowerCase()}${id}${name ? ` "${name.slice(0, 60)}"` : ""}`;
    };
    // The nearest fixed or sticky element holding this one (itself included), if any.
    const floating = (element: Element | null): Element | null => {
      for (let node = element; node; node = node.parentElement) {
        const position = getComputedStyle(node).position;
        if (position === "fixed" || position === "sticky") return node;
      }
      return null;
    };

    const startX = window.scrollX;
    const startY = window.scrollY;
    const problems: string[] = [];
    const controls = Array.from(
      document.querySelectorAll<HTMLElement>("a[href], button, input:not([type='hidden']), select, textarea, summary"),
    );
    for (const control of controls) {
      if (control.closest("[inert]")) continue;
      if (!control.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      const size = control.getBoundingClientRect();
      // Visually hidden controls (the skip link until focused, sr-only inputs) have no area to cover.
      if (size.width < 2 || size.height < 2) continue;

      control.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
      // The browser fires scroll events only at its next frame: fire one now, so what places
      // itself on scroll (the toasts, under the header) has moved before the check.
      window.dispatchEvent(new Event("scroll"));
      const box = control.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      if (!hit || control.contains(hit)) continue;
      const cover = floating(hit);
      if (cover && !cover.contains(control)) problems.push(`${describe(control)} is covered by ${describe(cover)}`);
    }
    window.scrollTo({ left: startX, top: startY, behavior: "instant" });
    return problems;
  });
  expect(covered, "controls covered by a fixed or sticky element").toEqual([]);
}

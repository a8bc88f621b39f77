import { useEffect, useRef } from "react";

/**
 * The reading guide: a horizontal bar just below the line being read. It follows the pointer and,
 * for keyboard users, the focused element. Positioned through the CSSOM (allowed by the CSP),
 * never with a style attribute.
 */
export function ReadingGuide() {
  const guideRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const guide = guideRef.current;
    if (!guide) return;
    const moveTo = (top: number) => guide.style.setProperty("transform", `translateY(${Math.round(top)}px)`);
    const followPointer = (event: PointerEvent) => moveTo(event.clientY + 12);
    const followFocus = (event: FocusEvent) => {
      if (event.target instanceof Element) moveTo(event.target.getBoundingClientRect().bottom + 4);
    };
    moveTo(window.innerHeight / 2);
    document.addEventListener("pointermove", followPointer, { passive: true });
    document.addEventListener("focusin", followFocus);
    return () => {
      document.removeEventListener("pointermove", followPointer);
      document.removeEventListener("focusin", followFocus);
    };
  }, []);

  return (
    <div
      ref={guideRef}
      aria-hidden="true"
      data-testid="reading-guide"
      className="pointer-events-none fixed inset-x-0 top-0 z-50 h-2 border-y-2 border-night bg-brass"
    />
  );
}

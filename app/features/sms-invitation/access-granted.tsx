import { useEffect, useRef } from "react";
import { ButtonLink } from "#app/ui/button-link.tsx";

/**
 * What the block shows once this browser has passed SMS verification (docs/product-rules.md#sms-invitation): the shorter
 * invitation request (/executive-access knows the verified number), the memberships and Bosses Only. Its heading
 * takes focus when the visitor has just verified, so the change is announced; on a page load
 * that already knows, focus stays where it is.
 */
export function AccessGranted({ focusOnMount }: { focusOnMount: boolean }) {
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (focusOnMount) headingRef.current?.focus();
  }, [focusOnMount]);

  return (
    <div>
      <h3 ref={headingRef} tabIndex={-1} className="text-3xl text-cream outline-none">
        Access Granted
      </h3>
      <p className="mt-3 text-smoke">
        Your number is verified, and the door is open. Request your invitation, choose the membership that suits you, or see how the closed
        circle within the club is formed.
      </p>
      <div className="mt-6 flex flex-wrap gap-4">
        <ButtonLink to="/executive-access">Request an Invitation</ButtonLink>
        <ButtonLink to="/memberships" variant="secondary">
          View Memberships
        </ButtonLink>
        <ButtonLink to="/bosses-only" variant="secondary">
          Bosses Only
        </ButtonLink>
      </div>
    </div>
  );
}

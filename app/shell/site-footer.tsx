import { Link } from "react-router";
import { buttonClasses } from "#app/ui/button-link.tsx";
import { ExecutiveAccessButton } from "#app/features/executive-invitation/invitation-dialog.tsx";
import { useAuth } from "#app/features/sign-in/auth.tsx";
import { LogoMark } from "#app/ui/logo-mark.tsx";
import { club, footerLinks, healthWarning } from "#app/features/site/site-config.ts";

/**
 * The footer (docs/product-rules.md#layout-header-and-footer): every footer link, location line,
 * office phone, the quit resources, 'Request Executive Access' (the invitation form; not for a
 * signed-in member, who has no one to ask) and 'Contact the Concierge' (the contact form).
 */
export function SiteFooter() {
  const { user } = useAuth();
  return (
    <footer className="border-t border-cedar bg-humidor text-sm text-smoke">
      <div className="mx-auto grid max-w-7xl gap-10 px-5 py-14 md:grid-cols-[1.2fr_2fr]">
        <div>
          <p className="flex items-center gap-3 text-brass">
            <LogoMark />
            <span className="font-display text-2xl text-cream">{club.name}</span>
          </p>
          <p className="mt-4 max-w-sm">{club.tagline}. Membership by invitation and sit-down only.</p>
          <p className="mt-4">
            <span className="block text-cream">{club.locationLine}</span>
            <a href={`tel:${club.officePhone.e164}`} className="mt-1 inline-block underline hover:text-brass">
              Office: {club.officePhone.display}
            </a>
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            {user ? null : <ExecutiveAccessButton className={buttonClasses("primary")}>Request Executive Access</ExecutiveAccessButton>}
            <Link to="/contact" className={buttonClasses("quiet")}>
              Contact the Concierge
            </Link>
          </div>
        </div>
        <nav aria-label="Footer">
          <ul className="grid gap-x-8 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="inline-block py-1 hover:text-brass">
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <a
                href={club.addictionResources.url}
                className="inline-block py-1 hover:text-brass"
                target="_blank"
                rel="noopener noreferrer"
              >
                {club.addictionResources.label}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-cedar">
        <p className="mx-auto max-w-7xl px-5 py-5 text-xs">
          {healthWarning} Sale of tobacco products to persons under {club.minimumAge} is prohibited by Oregon law. ©{" "}
          {new Date().getFullYear()} {club.name}.
        </p>
      </div>
    </footer>
  );
}

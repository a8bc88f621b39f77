import type { ReactNode } from "react";
import { AccessibilityWidget } from "#app/features/accessibility/accessibility-widget.tsx";
import { AgeGate } from "#app/features/age-gate/age-gate.tsx";
import { HealthWarningBar } from "./health-warning-bar.tsx";
import { InvitationDialogProvider } from "#app/features/executive-invitation/invitation-dialog.tsx";
import { NavigationStatus } from "./navigation-status.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";
import { SkipLink } from "./skip-link.tsx";
import type { AgeGateStage } from "#app/features/age-gate/age-gate-stage.ts";
import { AuthProvider, type AuthSession, type AuthUser } from "#app/features/sign-in/auth.tsx";
import { MainMenuProvider } from "./main-menu.tsx";

/** What the shell needs from the root loader. */
export interface SiteShellData {
  auth?: { user: AuthUser | null; session: AuthSession | null };
  recaptchaSiteKey?: string;
  ageGate?: AgeGateStage;
}

/**
 * Every page's shared layout (docs/product-rules.md#layout-header-and-footer): the skip link, the health warning bar, the header, the
 * main content, the footer and the accessibility widget, under the age gate, with the providers
 * they share. One component for the server-rendered document (root.tsx's Layout) and the
 * client-rendered comparison build of the benchmark (scripts/bench/spa), so both show the same.
 */
export function SiteShell({ data, children }: { data: SiteShellData | undefined; children: ReactNode }) {
  return (
    <AuthProvider auth={data?.auth}>
      <MainMenuProvider>
        <InvitationDialogProvider siteKey={data?.recaptchaSiteKey ?? ""}>
          <AgeGate initialStage={data?.ageGate ?? "passed"} widget={<AccessibilityWidget />}>
            <SkipLink />
            <HealthWarningBar />
            <SiteHeader />
            <NavigationStatus />
            <main id="main-content" tabIndex={-1} className="outline-none">
              {children}
            </main>
            <SiteFooter />
          </AgeGate>
        </InvitationDialogProvider>
      </MainMenuProvider>
    </AuthProvider>
  );
}

import type { ReactNode } from "react";
import { AccessibilityWidget } from "./accessibility/accessibility-widget";
import { AgeGate } from "./age-gate/age-gate";
import { HealthWarningBar } from "./health-warning-bar";
import { InvitationDialogProvider } from "./invitation/invitation-dialog";
import { NavigationStatus } from "./navigation-status";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { SkipLink } from "./skip-link";
import type { AgeGateStage } from "~/lib/age-gate";
import { AuthProvider, type AuthSession, type AuthUser } from "~/lib/auth";
import { MainMenuProvider } from "~/lib/main-menu";

/** What the shell needs from the root loader. */
export interface SiteShellData {
  auth?: { user: AuthUser | null; session: AuthSession | null };
  recaptchaSiteKey?: string;
  ageGate?: AgeGateStage;
}

/**
 * Every page's shared layout (spec §2): the skip link, the health warning bar, the header, the
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

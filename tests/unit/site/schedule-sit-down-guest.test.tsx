import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { InvitationDialogProvider } from "#app/features/executive-invitation/invitation-dialog.tsx";
import ScheduleSitDown from "#app/features/site/routes/schedule-sit-down.tsx";

/** A guest's invitation to apply lands on /schedule-sit-down?guest=… (docs/product-rules.md#guests). */
describe("/schedule-sit-down for an invited guest", () => {
  const render = (entry: string) => {
    // The page sits in the root layout, inside the invitation dialog's provider.
    const Page = () => (
      <InvitationDialogProvider siteKey="">
        <ScheduleSitDown />
      </InvitationDialogProvider>
    );
    const Stub = createRoutesStub([{ path: "/schedule-sit-down", Component: Page }]);
    return renderToString(createElement(Stub, { initialEntries: [entry] })).replaceAll("<!-- -->", "");
  };

  it("tells the guest their host is named as their connection, with the button that asks", () => {
    const html = render("/schedule-sit-down?guest=abc.def");
    expect(html).toContain("the member who hosted you is named as your connection");
    expect(html).toContain("Ask for an invitation");
  });

  it("says nothing of it to any other visitor", () => {
    const html = render("/schedule-sit-down");
    expect(html).not.toContain("the member who hosted you");
    expect(html).not.toContain("Ask for an invitation");
  });
});

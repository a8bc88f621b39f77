import { useEffect } from "react";
import { Form } from "react-router";
import { useCspNonce } from "#app/shell/csp-nonce.ts";
import { buttonClasses } from "#app/ui/button-link.tsx";
import { Field, inputClasses } from "#app/ui/form/field.tsx";
import { usePendingSubmission } from "#app/ui/form/use-pending-submission.ts";

/**
 * The private links the club emails (an invitation, /invitation#<token>; an application's status,
 * /application#<token>) carry their token after `#`, which browsers never send, so no request URL
 * or log holds it (docs/security.md#invitation-links, #application-links). This inline script
 * (with the page's CSP nonce) runs as soon as it is parsed: it takes the token from after the `#`,
 * removes it from the address bar and the history, and posts it to `path` as `intent=open` in a
 * form of its own. Without scripts the visitor pastes the link into the page's form instead.
 * Only a fragment shaped like that page's token is taken: any other (the skip link's #main-content,
 * a heading's anchor) stays where it is and posts nothing, so the visitor stays on their page.
 */
export const LINK_TOKEN_SHAPES = {
  // worker/features/admissions/invitation-links.ts: 32 random bytes, base64url.
  "/invitation": /^[A-Za-z0-9_-]{43}$/,
  // worker/features/admissions/application-link.ts: the request id '.' its HMAC-SHA-256 in hex.
  "/application": /^[0-9a-f-]{36}\.[0-9a-f]{64}$/,
} as const;

const openFromFragment = (path: keyof typeof LINK_TOKEN_SHAPES) =>
  `(function(){var t=location.hash.slice(1);if(!${LINK_TOKEN_SHAPES[path].toString()}.test(t))return;history.replaceState(null,"",location.pathname);var f=document.createElement("form");f.method="post";f.action=${JSON.stringify(path)};[["intent","open"],["link",t]].forEach(function(p){var i=document.createElement("input");i.type="hidden";i.name=p[0];i.value=p[1];f.appendChild(i);});document.body.appendChild(f);f.submit();})();`;

export function OpenLinkFromAddress({ path }: { path: keyof typeof LINK_TOKEN_SHAPES }) {
  const nonce = useCspNonce();
  // A link opened in a tab that already shows this page changes only the `#`, which loads
  // nothing: load the page again so the script takes the new link (only a link: an in-page anchor
  // such as the skip link's must not reload the page).
  useEffect(() => {
    const reload = () => {
      if (LINK_TOKEN_SHAPES[path].test(window.location.hash.slice(1))) window.location.reload();
    };
    window.addEventListener("hashchange", reload);
    return () => window.removeEventListener("hashchange", reload);
  }, [path]);
  return nonce ? <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: openFromFragment(path) }} /> : null;
}

/** The form the visitor pastes the link into when the script above did not run (no scripts). */
export function PastedLinkForm({
  id,
  label,
  submitLabel,
  error,
}: {
  id: string;
  label: string;
  submitLabel: string;
  error: string | undefined;
}) {
  const { pending } = usePendingSubmission();
  return (
    <Form method="post" reloadDocument className="mt-6 grid max-w-md gap-5">
      <input type="hidden" name="intent" value="open" />
      <Field id={id} label={label} error={error}>
        {(control) => (
          <input
            {...control}
            name="link"
            type="text"
            inputMode="url"
            autoComplete="off"
            required
            maxLength={2048}
            className={inputClasses}
          />
        )}
      </Field>
      <div>
        <button type="submit" disabled={pending} className={buttonClasses("primary")}>
          {pending ? "Opening..." : submitLabel}
        </button>
      </div>
    </Form>
  );
}

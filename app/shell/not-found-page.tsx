import { ButtonLink } from "#app/ui/button-link.tsx";

/** The answer to any unknown path (docs/product-rules.md#routes), also used for unknown blog posts. */
export function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col items-center px-5 py-24 text-center">
      <p className="text-xs font-semibold uppercase tracking-[0.3em] text-brass">Error 404</p>
      <h1 className="mt-4 text-5xl text-cream sm:text-6xl">Page Not Found</h1>
      <p className="mt-6 text-lg text-smoke">
        This door does not open onto anything. The page may have moved, or the address may be mistyped.
      </p>
      <div className="mt-10 flex flex-wrap justify-center gap-4">
        <ButtonLink to="/">Return Home</ButtonLink>
        <ButtonLink to="/memberships" variant="secondary">
          View Memberships
        </ButtonLink>
      </div>
    </div>
  );
}

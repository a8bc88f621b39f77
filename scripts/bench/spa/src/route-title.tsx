import { useLocation, useMatches, useRouteError, type MetaDescriptor } from "react-router";
import { meta as rootMeta } from "#app/root.tsx";

/** A route module's `meta` export, called here with the arguments framework mode gives it. */
export type PageMeta = (args: Record<string, unknown>) => MetaDescriptor[];

/**
 * The page's title and description from its own `meta` export (routes.ts keeps it on the route's
 * handle). In framework mode <Meta/> renders them into the server's <head>; here React 19 hoists
 * them into index.html's <head> once the page has loaded, as a SPA does.
 */
export function RouteTitle() {
  const matches = useMatches();
  const location = useLocation();
  const page = matches.at(-1);
  const meta = (page?.handle as { meta?: PageMeta } | undefined)?.meta;
  if (!page || !meta) return null;
  const metaMatches = matches.map((match) => ({ ...match, data: match.loaderData, meta: [] }));
  const args = {
    data: page.loaderData,
    loaderData: page.loaderData,
    params: page.params,
    location,
    matches: metaMatches,
    error: undefined,
  };
  return <Head descriptors={meta(args)} />;
}

/** root.tsx's meta for an error (Page Not Found for a 404). */
export function ErrorTitle() {
  return <Head descriptors={(rootMeta as unknown as PageMeta)({ error: useRouteError() })} />;
}

function Head({ descriptors }: { descriptors: MetaDescriptor[] }) {
  const title = descriptors.flatMap((descriptor) => ("title" in descriptor ? [String(descriptor.title)] : []))[0];
  const description = descriptors.flatMap((descriptor) =>
    "name" in descriptor && descriptor.name === "description" ? [String(descriptor.content)] : [],
  )[0];
  return (
    <>
      {title ? <title>{title}</title> : null}
      {description ? <meta name="description" content={description} /> : null}
    </>
  );
}

import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFoundPage } from "#app/shell/not-found-page.tsx";
import { club } from "../site-config.ts";

// Any path the route table does not know answers HTTP 404 (docs/product-rules.md#routes).
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: `Page Not Found | ${club.name}` }, { name: "robots", content: "noindex" }];

export default function NotFound() {
  return <NotFoundPage />;
}

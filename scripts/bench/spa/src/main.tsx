import { createRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { routes } from "./routes.ts";
import { visitorRootData } from "./visitor.ts";

// The root loader's values go in as hydration data, as React Router's own SPA Mode embeds them in
// index.html: the header and footer render at once and only the page waits, behind 'Loading...'.
// (Without it the router shows nothing until the page's chunk has arrived.)
const router = createBrowserRouter(routes, { hydrationData: { loaderData: { root: visitorRootData() } } });

createRoot(document.getElementById("root")!).render(<RouterProvider router={router} />);

import { redirect } from "react-router";
import type { Route } from "./+types/media-download";
import { memberWithAcceptedRules } from "../member-area.server.ts";
import { mediaKitFile } from "#app/features/member-area/member-area.server.ts";

/**
 * GET /media/downloads/:file: a file of the media kit, inside the member-area layout, so
 * members only (never from public/, which anyone can reach). Always a download, never cached by a
 * shared cache or kept by the browser.
 */
export function loader({ params, context }: Route.LoaderArgs) {
  // Until the rules are accepted, /media shows the rules step instead of the kit.
  if (!memberWithAcceptedRules(context)) throw redirect("/media");
  const file = mediaKitFile(params.file);
  if (!file)
    return new Response("Not Found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  return new Response(file.body, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

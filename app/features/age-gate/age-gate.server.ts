import { isbot } from "isbot";
import { readCookie } from "#worker/shared/cookies.ts";
import { AGE_GATE_COOKIE, ageGateStage, type AgeGateStage } from "./age-gate-stage.ts";

/** Where this request's browser session stands with the age gate (the root loader's question). */
export function ageGateStageFor(request: Request): AgeGateStage {
  return ageGateStage(readCookie(request, AGE_GATE_COOKIE), new URL(request.url).pathname, isbot(request.headers.get("User-Agent") ?? ""));
}

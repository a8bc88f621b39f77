import { useEffect, useRef, useState, type FormEvent, type ReactNode, type TouchEvent } from "react";
import { useLocation } from "react-router";
import { AgeQuestion } from "./age-question.tsx";
import { Intro } from "./intro.tsx";
import { sendAgeGateAnswer } from "./send-age-gate-answer.ts";
import { prefersReducedMotion } from "#app/features/accessibility/accessibility-settings.ts";
import type { AgeGateStage } from "./age-gate-stage.ts";
import { complianceSessionId, recordAgeAnswer, recordEntered } from "./age-gate-records.ts";
import { FocusWrap } from "#app/ui/focus-wrap.tsx";

const SWIPE_UP_PX = 100;
const EXIT_MS = 600;

/**
 * The age gate and intro opener over the whole site (docs/product-rules.md#age-gate). While it is open the
 * page behind is `inert`, so focus stays in the gate and nothing behind it can be read or used;
 * the server already rendered it in the first HTML when this browser session has not answered.
 * The accessibility widget (`widget`) is part of the gate while it is open, so a visitor can
 * enlarge the text or raise the contrast of the age question itself.
 *
 * Not a native <dialog>, unlike the site's other modals: the gate must hold the page from the
 * first paint, before (or without) any script, and only script can open a <dialog> as modal
 * (`showModal()`); `inert` on the page is plain HTML. The shared focus sentinels at its ends make
 * Tab cycle through it (docs/decisions/007-focus-and-dialogs.md).
 */
export function AgeGate({ initialStage, widget, children }: { initialStage: AgeGateStage; widget: ReactNode; children: ReactNode }) {
  const { pathname, search } = useLocation();
  const [stage, setStage] = useState(initialStage);
  const [leaving, setLeaving] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const touchStartY = useRef<number | null>(null);
  const open = stage !== "passed";
  const returnTo = pathname + search;

  useEffect(() => {
    if (!open) return;
    document.documentElement.classList.add("overflow-hidden");
    return () => document.documentElement.classList.remove("overflow-hidden");
  }, [open]);

  // Announce each stage by focusing its heading (which names the dialog); once the opener has
  // gone, and the page is no longer inert, focus moves to the main content, and the page opens
  // at its top: focusing the main content alone would scroll it up under the sticky header,
  // taking the health warning above it out of sight (docs/product-rules.md#age-gate).
  useEffect(() => {
    if (open) headingRef.current?.focus();
    else if (stage !== initialStage) {
      window.scrollTo({ top: 0, behavior: "instant" });
      document.getElementById("main-content")?.focus({ preventScroll: true });
    }
  }, [open, stage, initialStage]);

  function enter() {
    if (stage !== "intro" || leaving) return;
    setLeaving(true);
    recordEntered();
    sendAgeGateAnswer({ answer: "enter", sessionId: complianceSessionId(), returnTo });
    window.setTimeout(() => setStage("passed"), prefersReducedMotion() ? 0 : EXIT_MS);
  }

  function answerQuestion(event: FormEvent<HTMLFormElement>) {
    const answer = ((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value;
    if (answer === "no") {
      // The form itself opens the new tab (formTarget), which the server sends to the quit resources.
      recordAgeAnswer(false);
      return;
    }
    event.preventDefault();
    recordAgeAnswer(true);
    sendAgeGateAnswer({ answer: "yes", sessionId: complianceSessionId(), returnTo });
    setStage(pathname === "/" ? "intro" : "passed");
  }

  function submitIntro(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    enter();
  }

  function trackSwipe(event: TouchEvent<HTMLDivElement>) {
    if (event.type === "touchstart") {
      touchStartY.current = event.touches[0]?.clientY ?? null;
      return;
    }
    const endY = event.changedTouches[0]?.clientY;
    if (touchStartY.current !== null && endY !== undefined && touchStartY.current - endY > SWIPE_UP_PX) enter();
    touchStartY.current = null;
  }

  const hiddenFields = (
    <>
      <input type="hidden" name="returnTo" value={returnTo} />
      {/* Filled in the browser only (a callback ref never runs on the server); empty without JS. */}
      <input type="hidden" name="sessionId" ref={(input) => void (input && (input.value = complianceSessionId()))} />
    </>
  );

  return (
    <>
      {open ? (
        <div
          role="dialog"
          aria-modal="true"
          aria-labelledby="age-gate-title"
          aria-describedby="age-gate-requirement"
          data-stage={stage}
          onTouchStart={stage === "intro" ? trackSwipe : undefined}
          onTouchEnd={stage === "intro" ? trackSwipe : undefined}
          className={`fixed inset-0 z-[60] overflow-y-auto bg-night bg-[radial-gradient(ellipse_at_top,_#3d2b1f_0%,_#0f0b08_60%)] transition-transform duration-[600ms] ease-in-out motion-reduce:transition-none ${leaving ? "-translate-y-full" : ""}`}
        >
          <FocusWrap to="last" />
          {stage === "question" ? (
            <AgeQuestion headingRef={headingRef} hiddenFields={hiddenFields} onSubmit={answerQuestion} />
          ) : (
            <Intro headingRef={headingRef} hiddenFields={hiddenFields} onSubmit={submitIntro} />
          )}
          {widget}
          <FocusWrap to="first" />
        </div>
      ) : null}
      <div inert={open}>{children}</div>
      {open ? null : widget}
    </>
  );
}

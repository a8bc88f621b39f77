import { useState } from "react";
import { AccessGranted } from "./access-granted.tsx";
import { CodeStep } from "./code-step.tsx";
import { PhoneStep } from "./phone-step.tsx";
import { markSmsVerified, useSmsVerifiedFlag } from "./sms-verified-flag.ts";
import { showSmsNotice } from "./sms-api.ts";
import { smsNotices, type SmsBlockAnswer, type SmsNotice } from "./sms-messages.ts";

type Step = SmsBlockAnswer["step"];

/**
 * The SMS invitation block (docs/product-rules.md#sms-invitation): phone entry, then code entry, then 'Access Granted'.
 * Already verified (the server's signed cookie, or the browser's smsVerified flag) it opens on
 * 'Access Granted'. Each step the visitor moves to takes focus, which announces it; errors are
 * announced once, by their toast. Without a script its forms post to the /sms-invitation page,
 * whose `answer` opens the block on the next step with the words a toast would have shown.
 */
export function SmsInvitationBlock({ verifiedByServer, answer }: { verifiedByServer: boolean; answer?: SmsBlockAnswer | undefined }) {
  const verifiedInBrowser = useSmsVerifiedFlag();
  const [view, setView] = useState<{ step: Step; moved: boolean }>({ step: answer?.step ?? "phone", moved: answer !== undefined });
  const [phone, setPhone] = useState(answer?.phone ?? "");
  const goTo = (step: Step) => setView({ step, moved: true });
  // The page's answer speaks for the step it opened on, until the visitor moves on.
  const notice = answer?.notice && view.step === answer.step ? <AnswerNotice notice={answer.notice} /> : null;

  if (verifiedByServer || verifiedInBrowser || view.step === "granted") {
    return (
      <>
        {notice}
        <AccessGranted focusOnMount={view.step === "granted"} />
      </>
    );
  }
  if (view.step === "code") {
    return (
      <>
        {notice}
        <CodeStep
          phone={phone}
          focusOnMount={view.moved}
          onResend={() => goTo("phone")}
          onVerified={() => {
            markSmsVerified();
            goTo("granted");
            showSmsNotice(smsNotices.welcome);
          }}
        />
      </>
    );
  }
  return (
    <>
      {notice}
      <PhoneStep
        phone={phone}
        onPhoneChange={setPhone}
        focusOnMount={view.moved}
        initialError={answer?.step === "phone" ? answer.phoneError : undefined}
        onSent={() => {
          goTo("code");
          showSmsNotice(smsNotices.sent);
        }}
      />
    </>
  );
}

/** A toast's words, written into the block: the page answered a form posted without a script. */
function AnswerNotice({ notice }: { notice: SmsNotice }) {
  return (
    <p role={notice.tone === "error" ? "alert" : "status"} className="mb-5 border-l-2 border-brass pl-3 text-smoke">
      <strong className={`block font-semibold ${notice.tone === "error" ? "text-warning" : "text-cream"}`}>{notice.title}</strong>
      {notice.description}
    </p>
  );
}

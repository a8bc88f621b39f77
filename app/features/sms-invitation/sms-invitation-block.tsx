import { useState } from "react";
import { AccessGranted } from "./access-granted.tsx";
import { CodeStep } from "./code-step.tsx";
import { PhoneStep } from "./phone-step.tsx";
import { markSmsVerified, useSmsVerifiedFlag } from "./sms-verified-flag.ts";
import { showToast } from "#app/ui/toast/toast-store.ts";

type Step = "phone" | "code" | "granted";

/**
 * The SMS invitation block (docs/product-rules.md#sms-invitation): phone entry, then code entry, then 'Access Granted'.
 * Already verified (the server's signed cookie, or the browser's smsVerified flag) it opens on
 * 'Access Granted'. Each step the visitor moves to takes focus, which announces it; errors are
 * announced once, by their toast.
 */
export function SmsInvitationBlock({ verifiedByServer }: { verifiedByServer: boolean }) {
  const verifiedInBrowser = useSmsVerifiedFlag();
  const [view, setView] = useState<{ step: Step; moved: boolean }>({ step: "phone", moved: false });
  const [phone, setPhone] = useState("");
  const goTo = (step: Step) => setView({ step, moved: true });

  if (verifiedByServer || verifiedInBrowser || view.step === "granted") {
    return <AccessGranted focusOnMount={view.step === "granted"} />;
  }
  if (view.step === "code") {
    return (
      <CodeStep
        phone={phone}
        focusOnMount={view.moved}
        onResend={() => goTo("phone")}
        onVerified={() => {
          markSmsVerified();
          goTo("granted");
          showToast({ title: "Welcome to the Inner Circle!", description: "Your number is verified. Your invitation awaits." });
        }}
      />
    );
  }
  return (
    <PhoneStep
      phone={phone}
      onPhoneChange={setPhone}
      focusOnMount={view.moved}
      onSent={() => {
        goTo("code");
        showToast({ title: "SMS Sent Successfully!", description: "Your verification code may take 1-2 minutes to arrive." });
      }}
    />
  );
}

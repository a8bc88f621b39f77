import { Link } from "react-router";

/** What a text costs and how to stop them, beside every SMS block (docs/product-rules.md#sms-invitation). */
export function SmsRatesNotice({ className }: { className: string }) {
  return (
    <p className={className}>
      Message and data rates may apply. Reply STOP to any message and we send nothing further. How we keep your number is set out in our{" "}
      <Link to="/privacy" className="text-brass underline">
        privacy policy
      </Link>
      .
    </p>
  );
}

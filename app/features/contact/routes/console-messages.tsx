import { data, Form } from "react-router";
import type { Route } from "./+types/console-messages";
import { markAnsweredForm } from "../contact-message.ts";
import { conciergeMeta, formatConsoleTime, listSummary } from "#app/features/concierge/console-format.ts";
import { cellClasses, ConsoleTable } from "#app/features/concierge/console-table.tsx";
import { Section } from "#app/ui/section.tsx";
import { FormAlert, SubmitButton, useOutcomeToast } from "#app/ui/form/form-outcome.tsx";
import { usePendingSubmission } from "#app/ui/form/use-pending-submission.ts";
import type { ActionResult } from "#app/lib/form-result.ts";
import { memberContext, requestContext } from "#app/context.ts";
import { readSubmission } from "#app/lib/forms.server.ts";
import { listContactMessages, markContactMessageAnswered } from "../contact.server.ts";

const LIST_LIMIT = 50;

export const meta: Route.MetaFunction = () => conciergeMeta("Messages");

/** The newest messages from /contact, with who answered each (docs/operators.md#the-concierge-console). */
export async function loader({ context }: Route.LoaderArgs) {
  const messages = await listContactMessages(context.get(requestContext).env.DB, LIST_LIMIT);
  return {
    messages: messages.map((message) => ({
      id: message.id,
      name: message.name,
      email: message.email,
      fromMember: message.memberId !== null,
      message: message.message,
      receivedAtLabel: formatConsoleTime(message.createdAt) ?? message.createdAt,
      answered: message.answeredAt
        ? `Answered by ${message.answeredByName ?? "a former concierge"}, ${formatConsoleTime(message.answeredAt) ?? message.answeredAt}`
        : null,
    })),
  };
}

/** 'Mark Answered', by the signed-in concierge (never one named by the form), audited. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSubmission(request, markAnsweredForm, { form: (fields) => `message:${fields.messageId ?? ""}` });
  if (!form.ok) return form.invalid;
  const { messageId } = form.data;
  const outcome = await markContactMessageAnswered(context.get(requestContext), context.get(memberContext).id, messageId);
  if (outcome === "skipped") {
    return data<ActionResult>(
      {
        form: `message:${messageId}`,
        ok: false,
        error: "This message was already marked answered, or is gone. The list now shows it as it is.",
      },
      { status: 409 },
    );
  }
  return data<ActionResult>({
    form: `message:${messageId}`,
    ok: true,
    toast: { title: "Marked Answered", description: "The message shows who answered it." },
  });
}

export default function ConsoleMessages({ loaderData, actionData }: Route.ComponentProps) {
  useOutcomeToast(actionData);
  const { messages } = loaderData;
  return (
    <Section id="messages" eyebrow="Contact form" title="Messages">
      <p className="text-smoke">
        {messages.length === 0 ? "No messages yet." : listSummary(messages.length, LIST_LIMIT, ["message", "messages"])}
      </p>
      {messages.length > 0 ? (
        <ConsoleTable id="messages-table" caption="Messages, newest first" columns={["Received", "From", "Message", "Status"]}>
          {messages.map((message) => (
            <tr key={message.id}>
              <td className={`${cellClasses} whitespace-nowrap`}>{message.receivedAtLabel}</td>
              <td className={cellClasses}>
                {message.name}
                <span className="block break-all text-smoke">{message.email}</span>
                {message.fromMember ? <span className="block text-brass">Member</span> : null}
              </td>
              <td className={`${cellClasses} max-w-md whitespace-pre-line break-words`}>{message.message}</td>
              <td className={cellClasses}>
                <MessageStatus message={message} outcome={actionData?.form === `message:${message.id}` ? actionData : undefined} />
              </td>
            </tr>
          ))}
        </ConsoleTable>
      ) : null}
    </Section>
  );
}

function MessageStatus({
  message,
  outcome,
}: {
  message: { id: string; name: string; answered: string | null };
  outcome: ActionResult | undefined;
}) {
  const { pending } = usePendingSubmission({ sentWith: { field: "messageId", value: message.id } });
  return (
    <>
      {message.answered ? (
        <p>{message.answered}</p>
      ) : (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="messageId" value={message.id} />
          <SubmitButton pending={pending} variant="secondary">
            Mark Answered<span className="sr-only"> {`(${message.name})`}</span>
          </SubmitButton>
        </Form>
      )}
      <FormAlert outcome={outcome} />
    </>
  );
}

import { useId } from "react";
import { counted, formatDateTime } from "./format.js";

// A webhook endpoint or integration Heed turned off because it kept failing (or its receiver said
// it is gone): why and since when, how many deliveries wait for it, and the one button that turns
// it back on and sends them. Settings → Webhooks and Settings → Integrations show the same words.

/** What the API says of a receiver's health (the same fields on an endpoint and an integration). */
export interface ReceiverHealth {
  enabled: boolean;
  consecutiveFailures: number;
  failingSince: string | null;
  disabledReason: "failing" | "gone" | null;
  disabledAt: string | null;
  disabledError: string | null;
  heldDeliveries: number;
}

/** How long deliveries are held for a receiver Heed turned off (the server's HOLD_DAYS). */
const HOLD_DAYS = 30;

function why(receiver: ReceiverHealth): string {
  if (receiver.disabledReason === "gone") return "Its receiver answered 410 Gone: it says it no longer exists.";
  return `${counted(receiver.consecutiveFailures, "attempt")} in a row failed, the first on ${formatDateTime(receiver.failingSince)}.`;
}

function waiting(held: number): string {
  if (held === 0) return "Nothing waits for it.";
  return `${counted(held, "delivery", "deliveries")} ${held === 1 ? "waits" : "wait"} for it (what happened in the last ${HOLD_DAYS} days): turning it back on sends them, in order.`;
}

/** The state as a list shows it: a badge, and since when for one Heed turned off. */
export function ReceiverState({ receiver }: { receiver: ReceiverHealth }) {
  if (receiver.enabled) return <span className="badge good">On</span>;
  if (!receiver.disabledReason) return <span className="badge">Off</span>;
  return (
    <>
      <span className="badge bad">Turned off by Heed</span>
      <br />
      <span className="muted">
        since {formatDateTime(receiver.disabledAt)}
        {receiver.heldDeliveries > 0 ? ` · ${counted(receiver.heldDeliveries, "delivery", "deliveries")} waiting` : ""}
      </span>
    </>
  );
}

/** The notice on the receiver's page, with its "Turn back on" button; nothing while it is on or was turned off by hand. */
export function TurnedOffNotice({ receiver, noun, onTurnOn, pending }: { receiver: ReceiverHealth; noun: string; onTurnOn: () => void; pending: boolean }) {
  const title = useId();
  if (receiver.enabled || !receiver.disabledReason) return null;
  return (
    <section className="warning" aria-labelledby={title}>
      <h2 id={title} className="panel-title">
        Heed turned this {noun} off on {formatDateTime(receiver.disabledAt)}
      </h2>
      <p>{why(receiver)}</p>
      {receiver.disabledError && (
        <p>
          The last error: <code className="break-anywhere">{receiver.disabledError}</code>
        </p>
      )}
      <p>{waiting(receiver.heldDeliveries)}</p>
      <button type="button" onClick={onTurnOn} disabled={pending}>
        {pending ? "Turning on…" : "Turn back on"}
      </button>
    </section>
  );
}

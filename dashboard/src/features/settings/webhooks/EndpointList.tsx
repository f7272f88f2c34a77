import { CardTable } from "../../../ui/CardTable.js";
import { ReceiverState } from "../../../ui/TurnedOff.js";
import type { Schemas } from "@heed/client";

// The workspace's endpoints, each a way into its settings and delivery log.

type Endpoint = Schemas["WebhookEndpoint"];

export function EndpointList({ endpoints, onOpen }: { endpoints: Endpoint[]; onOpen: (id: string) => void }) {
  return (
    <CardTable caption="Webhook endpoints" columns={["URL", "Events", "State", ""]}>
      {endpoints.map((e) => (
        <tr key={e.id}>
          <td className="wide">
            <strong className="break-anywhere">{e.url}</strong>
            {e.description && (
              <>
                <br />
                <span className="muted">{e.description}</span>
              </>
            )}
          </td>
          <td data-label="Events">{e.events.includes("*") ? "Every event" : e.events.join(", ")}</td>
          <td data-label="State">
            <ReceiverState receiver={e} />
          </td>
          <td>
            <button type="button" className="secondary" onClick={() => onOpen(e.id)} aria-label={`Deliveries and settings of ${e.url}`}>
              Deliveries and settings
            </button>
          </td>
        </tr>
      ))}
    </CardTable>
  );
}

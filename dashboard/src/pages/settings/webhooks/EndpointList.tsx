import type { Schemas } from "@heed/client";

// The workspace's endpoints, each a way into its settings and delivery log.

type Endpoint = Schemas["WebhookEndpoint"];

export function EndpointList({ endpoints, onOpen }: { endpoints: Endpoint[]; onOpen: (id: string) => void }) {
  return (
    <div className="table-wrap">
      <table className="cards">
        <caption className="visually-hidden">Webhook endpoints</caption>
        <thead>
          <tr>
            <th scope="col">URL</th>
            <th scope="col">Events</th>
            <th scope="col">State</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
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
                <span className={`badge ${e.enabled ? "good" : "bad"}`}>{e.enabled ? "Enabled" : "Disabled"}</span>
              </td>
              <td>
                <button type="button" className="secondary" onClick={() => onOpen(e.id)} aria-label={`Deliveries and settings of ${e.url}`}>
                  Deliveries and settings
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

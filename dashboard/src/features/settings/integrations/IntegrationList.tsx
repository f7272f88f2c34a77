import { CardTable } from "../../../ui/CardTable.js";
import { ReceiverState } from "../../../ui/TurnedOff.js";
import { type Integration, PROVIDER_NAMES } from "../../../data/integrations.js";

// The workspace's integrations, each opened by its name.

export function IntegrationList({ integrations, onOpen }: { integrations: Integration[]; onOpen: (id: string) => void }) {
  return (
    <CardTable caption="Integrations" columns={["Name", "Provider", "Connected as", "State"]}>
      {integrations.map((integration) => (
        <tr key={integration.id}>
          <td>
            <button type="button" className="link" onClick={() => onOpen(integration.id)}>
              {integration.name}
            </button>
          </td>
          <td>{PROVIDER_NAMES[integration.provider]}</td>
          <td>{integration.account ?? <span className="muted">not tested yet</span>}</td>
          <td>
            <ReceiverState receiver={integration} />
          </td>
        </tr>
      ))}
    </CardTable>
  );
}

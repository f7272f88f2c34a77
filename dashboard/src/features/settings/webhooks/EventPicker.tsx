import type { Schemas } from "@heed/client";
import { useId } from "react";

// Which events an endpoint receives: every event (`*`), or a choice grouped by resource, each
// with its payload's JSON Schema at hand so that the receiver can be written against it.

type EventType = Schemas["WebhookEventTypes"]["data"][number];

interface Props {
  types: EventType[];
  selected: string[];
  onChange: (events: string[]) => void;
  error?: string;
}

function groupsOf(types: EventType[]): [string, EventType[]][] {
  const groups = new Map<string, EventType[]>();
  for (const t of types) {
    const resource = t.type.split(".")[0]!;
    groups.set(resource, [...(groups.get(resource) ?? []), t]);
  }
  return [...groups];
}

export function EventPicker({ types, selected, onChange, error }: Props) {
  const id = useId();
  const all = selected.includes("*");
  const toggle = (type: string, on: boolean) => onChange(on ? [...selected.filter((s) => s !== type), type] : selected.filter((s) => s !== type));
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend>Events</legend>
      <label className="choice">
        <input type="checkbox" checked={all} onChange={(event) => onChange(event.target.checked ? ["*"] : [])} />
        <span>
          <strong>Every event</strong> <span className="muted">including event types added later</span>
        </span>
      </label>
      {!all && (
        <div className="event-groups">
          {groupsOf(types).map(([resource, group]) => (
            <fieldset key={resource} className="event-group">
              <legend>{resource.replace(/_/g, " ")}</legend>
              {group.map((t) => (
                <div key={t.type} className="event-type">
                  <label className="choice">
                    <input type="checkbox" checked={selected.includes(t.type)} onChange={(event) => toggle(t.type, event.target.checked)} />
                    <span>
                      <code>{t.type}</code> <span className="muted">{t.description}</span>
                    </span>
                  </label>
                  <details>
                    <summary>
                      Payload schema<span className="visually-hidden"> of {t.type}</span>
                    </summary>
                    <pre className="schema">{JSON.stringify(t.schema, null, 2)}</pre>
                  </details>
                </div>
              ))}
            </fieldset>
          ))}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

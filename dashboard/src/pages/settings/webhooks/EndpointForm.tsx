import { FormActions } from "../../../ui/FormActions.js";
import type { Schemas } from "@heed/client";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { api, problemOf, unwrap } from "../../../api.js";
import { Field, FormError } from "../../../ui/Field.js";
import { EventPicker } from "./EventPicker.js";

// Creating or editing an endpoint: where to send, a note for the team, and which events.

type Endpoint = Schemas["WebhookEndpoint"];
export interface EndpointInput {
  url: string;
  description: string;
  events: string[];
}

interface Props {
  endpoint?: Endpoint;
  pending: boolean;
  error: unknown;
  onSave: (input: EndpointInput) => void;
  onCancel: () => void;
}

export function EndpointForm({ endpoint, pending, error, onSave, onCancel }: Props) {
  const [events, setEvents] = useState<string[]>(endpoint?.events ?? []);
  const types = useQuery({
    queryKey: ["webhooks", "event-types"],
    queryFn: async () => unwrap(await api.GET("/webhooks/event-types")),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const problem = error ? problemOf(error) : null;
  const eventsError = Object.entries(problem?.fields ?? {}).find(([name]) => name.startsWith("events"))?.[1];
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onSave({ url: String(form.get("url")).trim(), description: String(form.get("description")).trim(), events });
  };
  return (
    <form onSubmit={onSubmit} noValidate className="panel" aria-label={endpoint ? "Edit endpoint" : "New endpoint"}>
      <h2 className="panel-title">{endpoint ? "Edit endpoint" : "New endpoint"}</h2>
      <Field
        label="URL"
        name="url"
        type="url"
        required
        defaultValue={endpoint?.url}
        placeholder="https://example.com/webhooks/heed"
        hint="Heed POSTs each event here, signed with Standard Webhooks."
        error={problem?.fields.url}
      />
      <Field label="Description (optional)" name="description" defaultValue={endpoint?.description} maxLength={500} error={problem?.fields.description} />
      {types.isPending && (
        <p className="loading" role="status" aria-busy="true">
          Loading event types…
        </p>
      )}
      {types.isError && (
        <p className="error" role="alert">
          Event types could not be loaded. {problemOf(types.error).detail}
        </p>
      )}
      {types.data && <EventPicker types={types.data.data} selected={events} onChange={setEvents} error={eventsError} />}
      <FormError problem={problem} />
      <FormActions pending={pending} label={endpoint ? "Save endpoint" : "Create endpoint"} onCancel={onCancel} />
    </form>
  );
}

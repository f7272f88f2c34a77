import type { Schemas } from "@heed/client";
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { ApiForm } from "../../../ui/form/ApiForm.js";
import { FormAlert } from "../../../ui/form/FormAlert.js";
import { FormField } from "../../../ui/form/FormField.js";
import { useApiForm } from "../../../ui/form/useApiForm.js";
import { FormActions } from "../../../ui/FormActions.js";
import { Loaded } from "../../../ui/QueryState.js";
import { EventPicker } from "./EventPicker.js";
import { eventTypesQuery } from "./queries.js";
import { endpointSchema } from "./schemas.js";

// Creating or editing an endpoint: where to send, a note for the team, and which events.

type Endpoint = Schemas["WebhookEndpoint"];
export type EndpointInput = z.output<typeof endpointSchema>;

interface Props {
  endpoint?: Endpoint;
  /** Saves the endpoint: a promise whose refusal the form shows. */
  onSave: (input: EndpointInput) => Promise<unknown>;
  onCancel: () => void;
}

export function EndpointForm({ endpoint, onSave, onCancel }: Props) {
  const types = useQuery(eventTypesQuery());
  const form = useApiForm(endpointSchema, {
    defaultValues: { url: endpoint?.url ?? "", description: endpoint?.description ?? "", events: endpoint?.events ?? [] },
  });
  const events = form.watch("events");
  return (
    <ApiForm form={form} onSubmit={onSave} className="panel" aria-label={endpoint ? "Edit endpoint" : "New endpoint"}>
      <h2 className="panel-title">{endpoint ? "Edit endpoint" : "New endpoint"}</h2>
      <FormField
        name="url"
        label="URL"
        type="url"
        required
        placeholder="https://example.com/webhooks/heed"
        hint="Heed POSTs each event here, signed with Standard Webhooks."
      />
      <FormField name="description" label="Description (optional)" maxLength={500} />
      <Loaded read={types} what="event types">
        {types.data && (
          <EventPicker
            types={types.data.data}
            selected={events}
            onChange={(chosen) => form.setValue("events", chosen, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}
            error={form.formState.errors.events?.message}
          />
        )}
      </Loaded>
      <FormAlert />
      <FormActions label={endpoint ? "Save endpoint" : "Create endpoint"} onCancel={onCancel} />
    </ApiForm>
  );
}

import { z } from "zod";
import { CreateEndpointBody } from "../../../../../packages/shared/src/bodies/webhooks.js";
import { typed } from "../../../ui/form/fields.js";
import { worded } from "../../../ui/form/words.js";

// A webhook endpoint: the request body (packages/shared/src/bodies/webhooks.ts), as the form fills
// it. Whether the URL is https and may be reached is the server's to say: it answers on the field.

const endpoint = CreateEndpointBody.shape;
export const endpointSchema = worded(z.object({ url: typed(endpoint.url), description: typed(endpoint.description.unwrap()), events: endpoint.events }), {
  events: { too_small: "Choose at least one event." },
});

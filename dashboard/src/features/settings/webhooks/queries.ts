import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../../../api.js";
import { cursorQuery } from "../../../ui/useCursorList.js";

// Webhook endpoints, the event types they may subscribe to, and each endpoint's deliveries.

export const webhookKeys = {
  all: ["webhooks"] as const,
  endpoints: () => [...webhookKeys.all, "endpoints"] as const,
  endpoint: (id: string) => [...webhookKeys.all, "endpoint", id] as const,
  eventTypes: () => [...webhookKeys.all, "event-types"] as const,
  deliveries: (endpointId: string) => [...webhookKeys.all, "deliveries", endpointId] as const,
  delivery: (id: string) => [...webhookKeys.all, "delivery", id] as const,
};

export const endpointsQuery = () =>
  queryOptions({
    queryKey: webhookKeys.endpoints(),
    queryFn: async () => unwrap(await api.GET("/webhooks/endpoints", { params: { query: { limit: 100 } } })),
  });

export const endpointQuery = (id: string) =>
  queryOptions({ queryKey: webhookKeys.endpoint(id), queryFn: async () => unwrap(await api.GET("/webhooks/endpoints/{id}", { params: { path: { id } } })) });

/** The event types and their payloads' schemas: they change only with Heed itself. */
export const eventTypesQuery = () =>
  queryOptions({
    queryKey: webhookKeys.eventTypes(),
    queryFn: async () => unwrap(await api.GET("/webhooks/event-types")),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** One endpoint's deliveries, newest first. */
export const deliveriesQuery = (endpointId: string) =>
  cursorQuery(webhookKeys.deliveries(endpointId), async (cursor) =>
    unwrap(await api.GET("/webhooks/endpoints/{id}/deliveries", { params: { path: { id: endpointId }, query: { limit: 20, ...cursor } } })),
  );

/** A delivery with its attempts. */
export const deliveryQuery = (id: string) =>
  queryOptions({ queryKey: webhookKeys.delivery(id), queryFn: async () => unwrap(await api.GET("/webhooks/deliveries/{id}", { params: { path: { id } } })) });

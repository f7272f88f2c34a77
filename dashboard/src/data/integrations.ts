import type { Schemas } from "@heed/client";
import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../api.js";

// Integrations: the list, where one can create issues, and a post's issue links, which the post
// page reads; settings connects them and reads each one's log.

export type Integration = Schemas["Integration"];
export type Provider = Integration["provider"];
export type IssueLink = Schemas["IssueLink"];

export const PROVIDER_NAMES: Record<Provider, string> = { slack: "Slack", github: "GitHub", linear: "Linear" };

export const integrationKeys = {
  all: ["integrations"] as const,
  list: () => [...integrationKeys.all, "list"] as const,
  one: (id: string) => [...integrationKeys.all, "one", id] as const,
  log: (id: string) => [...integrationKeys.all, "log", id] as const,
  targets: (id: string) => [...integrationKeys.all, "targets", id] as const,
  links: (postId: string) => ["posts", postId, "issue-links"] as const,
};

export const integrationsQuery = () =>
  queryOptions({
    queryKey: integrationKeys.list(),
    queryFn: async () => unwrap(await api.GET("/integrations", { params: { query: { limit: 100 } } })),
  });

/** Repositories or teams: asked of the provider, so kept a minute. */
export const targetsQuery = (id: string) =>
  queryOptions({
    queryKey: integrationKeys.targets(id),
    queryFn: async () => unwrap(await api.GET("/integrations/{id}/targets", { params: { path: { id } } })),
    staleTime: 60_000,
  });

/** A post's links; read again each second while one is being created or looked up. */
export const issueLinksQuery = (postId: string) =>
  queryOptions({
    queryKey: integrationKeys.links(postId),
    queryFn: async () => unwrap(await api.GET("/posts/{id}/issues", { params: { path: { id: postId } } })),
    refetchInterval: (query) => (query.state.data?.data.some((l) => l.state === "pending") ? 1000 : false),
  });

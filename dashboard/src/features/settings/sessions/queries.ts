import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../../../api.js";

// The signed-in person's own security: their sessions, two-factor sign-in, linked providers.

export const sessionsKeys = {
  all: ["sessions"] as const,
  list: () => [...sessionsKeys.all, "list"] as const,
  twoFactor: () => [...sessionsKeys.all, "two-factor"] as const,
  identities: () => [...sessionsKeys.all, "identities"] as const,
};

export const sessionsQuery = () => queryOptions({ queryKey: sessionsKeys.list(), queryFn: async () => unwrap(await api.GET("/auth/sessions")) });

export const twoFactorQuery = () => queryOptions({ queryKey: sessionsKeys.twoFactor(), queryFn: async () => unwrap(await api.GET("/auth/two-factor")) });

export const identitiesQuery = () => queryOptions({ queryKey: sessionsKeys.identities(), queryFn: async () => unwrap(await api.GET("/auth/identities")) });

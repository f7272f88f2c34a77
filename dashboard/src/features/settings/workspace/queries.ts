import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../../../api.js";

// The workspace's settings, and its own single sign-on.

export const workspaceKeys = {
  all: ["workspace"] as const,
  settings: () => [...workspaceKeys.all, "settings"] as const,
  singleSignOn: () => [...workspaceKeys.all, "single-sign-on"] as const,
};

export const workspaceQuery = () => queryOptions({ queryKey: workspaceKeys.settings(), queryFn: async () => unwrap(await api.GET("/workspace")) });

/**
 * The workspace's own provider, or null when it has none (the server's, if any, applies). Asked
 * only when the workspace's settings say it has one, so a workspace without it logs no 404.
 */
export const singleSignOnQuery = (configured: boolean) =>
  queryOptions({
    queryKey: workspaceKeys.singleSignOn(),
    queryFn: async () => {
      if (!configured) return null;
      const result = await api.GET("/workspace/single-sign-on");
      if (result.response.status === 404) return null;
      return unwrap(result);
    },
  });

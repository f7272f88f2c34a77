import { useQuery } from "@tanstack/react-query";
import { api, type Session, unwrap } from "./api.js";

/** The signed-in session, or null when nobody is (a 401). */
export function useSession() {
  return useQuery({
    queryKey: ["session"],
    queryFn: async (): Promise<Session | null> => {
      const result = await api.GET("/auth/session");
      if (result.response.status === 401) return null;
      return unwrap(result);
    },
  });
}

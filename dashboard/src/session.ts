import { useQuery } from "@tanstack/react-query";
import { sessionQuery } from "./data/account.js";

/** The signed-in session, or null when nobody is (a 401). */
export function useSession() {
  return useQuery(sessionQuery());
}

import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../../../api.js";
import { memberKeys } from "../../../data/members.js";

// The team's pending invites (the team itself: data/members.ts).

export const invitesQuery = () => queryOptions({ queryKey: memberKeys.invites(), queryFn: async () => unwrap(await api.GET("/members/invites")) });

import type { Schemas } from "@heed/client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { api, noContent, unwrap } from "../../api.js";
import { useCurrentWorkspace } from "../../role.js";
import { useSession } from "../../session.js";
import { ErrorAlert, QueryState } from "../../ui/QueryState.js";
import { ShownOnce } from "../../ui/ShownOnce.js";
import { apiKeyKeys } from "./api-keys/queries.js";
import { InviteForm } from "./members/InviteForm.js";
import { MemberTable } from "./members/MemberTable.js";
import { PendingInvites } from "./members/PendingInvites.js";
import { invitesQuery } from "./members/queries.js";
import { memberKeys, membersQuery } from "../../data/members.js";

// Settings → Members: the team, their roles, invites out, and (for owners) password links to hand
// over when Heed cannot mail. Links are shown once: Heed keeps only their hash.

type Member = Schemas["Member"];
type Role = Member["role"];

/** A one-time link to pass on: an invite or a password link. */
interface LinkToShare {
  label: string;
  url: string;
  note: string;
}

export function Members() {
  const queries = useQueryClient();
  const workspace = useCurrentWorkspace();
  const { data: session } = useSession();
  const isOwner = workspace?.role === "owner";
  const [link, setLink] = useState<LinkToShare | null>(null);
  const members = useQuery(membersQuery());
  const invites = useQuery(invitesQuery());
  const refresh = () => queries.invalidateQueries({ queryKey: memberKeys.all });

  const invite = useMutation({
    mutationFn: async (body: { email: string; role: Role }) => unwrap(await api.POST("/members/invites", { body })),
    onSuccess: (created) => {
      setLink({
        label: `Invite link for ${created.email}`,
        url: created.inviteUrl,
        note: created.emailed ? `It is on its way to ${created.email} by email too.` : "Heed does not send mail here (no SMTP_URL): pass the link on yourself.",
      });
      refresh();
    },
  });
  // One error line for the actions on rows, in the server's words (the last owner stays, …).
  const act = useMutation({
    mutationFn: async (action: () => Promise<unknown>) => action(),
    onSettled: refresh,
  });
  const changeRole = (m: Member, role: Role) =>
    act.mutate(async () => unwrap(await api.PATCH("/members/{id}", { params: { path: { id: m.id } }, body: { role } })));
  const remove = (m: Member, transferKeysTo: string | undefined) =>
    act.mutate(async () => {
      noContent(await api.DELETE("/members/{id}", { params: { path: { id: m.id }, query: transferKeysTo ? { transferKeysTo } : {} } }));
      // Their keys were revoked or handed over: the keys page must not show them as they were.
      await queries.invalidateQueries({ queryKey: apiKeyKeys.all });
    });
  const revokeInvite = (id: string) =>
    act.mutate(async () => {
      noContent(await api.DELETE("/members/invites/{id}", { params: { path: { id } } }));
    });
  const resetLink = (m: Member) =>
    act.mutate(async () => {
      const made = unwrap(await api.POST("/members/password-resets", { body: { memberId: m.id } }));
      setLink({
        label: `Password link for ${m.name}`,
        url: made.resetUrl,
        note: "It sets a new password and signs them out everywhere else. It works once, for 24 hours.",
      });
    });

  return (
    <section>
      <h1>Members</h1>
      <p className="muted">
        Owners can do everything; admins everything but ownership; members the feedback work. Your own devices are under{" "}
        <Link to="../sessions">Your sessions</Link>.
      </p>
      {link && (
        <>
          <ShownOnce label={link.label} value={link.url} onDone={() => setLink(null)} />
          <p className="muted">{link.note}</p>
        </>
      )}
      <InviteForm isOwner={isOwner} onInvite={(body) => invite.mutateAsync(body)} />
      <ErrorAlert error={act.error} />
      <h2>Team</h2>
      <QueryState query={members} what="members">
        {(page) => (
          <MemberTable
            members={page.data}
            myEmail={session?.account.email ?? ""}
            isOwner={isOwner}
            busy={act.isPending}
            onChangeRole={changeRole}
            onRemove={remove}
            onResetLink={resetLink}
          />
        )}
      </QueryState>
      <h2>Pending invites</h2>
      <QueryState query={invites} what="pending invites">
        {(page) => <PendingInvites invites={page.data} busy={act.isPending} onRevoke={(i) => revokeInvite(i.id)} />}
      </QueryState>
    </section>
  );
}

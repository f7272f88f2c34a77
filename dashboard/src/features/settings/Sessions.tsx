import type { Schemas } from "@heed/client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { api, noContent } from "../../api.js";
import { CardTable } from "../../ui/CardTable.js";
import { ConfirmButton } from "../../ui/Confirm.js";
import { formatDateTime, formatRelative } from "../../ui/format.js";
import { ErrorAlert, QueryState } from "../../ui/QueryState.js";
import { describeDevice } from "./sessions/device.js";
import { LinkedIdentities } from "./sessions/LinkedIdentities.js";
import { sessionsKeys, sessionsQuery } from "./sessions/queries.js";
import { TwoFactorSettings } from "./sessions/TwoFactorSettings.js";

// Settings → Your sessions: every browser signed in to this account, this one marked, each one
// ended on its own or all at once (a lost laptop, a shared computer).

type SessionEntry = Schemas["SessionEntry"];

export function Sessions() {
  const queries = useQueryClient();
  const navigate = useNavigate();
  const sessions = useQuery(sessionsQuery());
  const revoke = useMutation({
    mutationFn: async (id: string) => {
      noContent(await api.DELETE("/auth/sessions/{id}", { params: { path: { id } } }));
    },
    onSettled: () => queries.invalidateQueries({ queryKey: sessionsKeys.list() }),
  });
  const everywhere = useMutation({
    mutationFn: async () => {
      noContent(await api.DELETE("/auth/sessions"));
    },
    // This session ended too: forget everything and go to sign-in.
    onSuccess: () => {
      queries.clear();
      navigate("/sign-in", { replace: true });
    },
  });
  const error = revoke.error ?? everywhere.error;
  return (
    <section>
      <h1>Your sessions</h1>
      <p className="muted">Browsers signed in to your account. A session ends after 14 days unused, and after 90 days in any case.</p>
      <ErrorAlert error={error} />
      <QueryState query={sessions} what="your sessions">
        {(page) => (
          <>
            <CardTable caption="Your sessions" columns={["Device", "Address", "Signed in", "Last active", ""]}>
              {page.data.map((s: SessionEntry) => (
                <tr key={s.id}>
                  <td>
                    <strong>{describeDevice(s.userAgent)}</strong> {s.current && <span className="badge good">this browser</span>}
                  </td>
                  <td data-label="Address">{s.ip ?? "unknown"}</td>
                  <td data-label="Signed in">{formatDateTime(s.createdAt)}</td>
                  <td data-label="Last active">{formatRelative(s.lastSeenAt)}</td>
                  <td>
                    {!s.current && (
                      <ConfirmButton
                        label="Sign out"
                        ariaLabel={`Sign out ${describeDevice(s.userAgent)}, signed in ${formatDateTime(s.createdAt)}`}
                        title="Sign out that browser?"
                        confirm="Sign it out"
                        onConfirm={() => revoke.mutate(s.id)}
                        disabled={revoke.isPending}
                      >
                        <p>Its next request is refused; whoever uses it must sign in again.</p>
                      </ConfirmButton>
                    )}
                  </td>
                </tr>
              ))}
            </CardTable>
            <div className="actions spaced">
              <ConfirmButton label="Sign out everywhere" title="Sign out everywhere?" confirm="Sign out everywhere" run={everywhere}>
                <p>Every browser signed in to your account is signed out, this one included.</p>
              </ConfirmButton>
            </div>
          </>
        )}
      </QueryState>
      <TwoFactorSettings />
      <LinkedIdentities />
    </section>
  );
}

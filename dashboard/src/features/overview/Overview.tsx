import { Link } from "react-router";
import { canManageWorkspace } from "../../role.js";
import { useSession } from "../../session.js";
import { Numbers } from "./Numbers.js";

const ROLE_DOES: Record<string, string> = {
  owner: "You can do everything here, ownership included.",
  admin: "You can do everything here but make, change or remove an owner.",
  member: "You can work on posts, comments, votes and the changelog, and read boards and end users.",
};

// The first steps of a new workspace, each a link to the settings page that does it.
const FIRST_STEPS = [
  { to: "/settings/members", label: "Invite your team", why: "so that triage is not one person's job." },
  { to: "/settings/boards", label: "Shape your boards and statuses", why: "the places ideas land, and the stages they go through." },
  { to: "/settings/api-keys", label: "Create an API key", why: "for your servers and scripts: everything the dashboard does, the API does." },
  { to: "/settings/webhooks", label: "Subscribe to events", why: "so that new posts and status changes reach your tools." },
  {
    to: "/settings/workspace",
    label: "Connect your product",
    why: "allowed origins, the public key for the widget, and the identity secret your server signs identify with (userHash = hex HMAC-SHA256 of the user id).",
  },
];

/** Where a signed-in person lands: which workspace, what their role lets them do, the period's numbers, and where to start. */
export function Overview() {
  const { data: session } = useSession();
  const current = session?.workspaces.find((w) => w.id === session.currentWorkspaceId);
  if (!current) {
    return (
      <section>
        <h1>No workspace yet</h1>
        <p>Your account is not a member of any workspace. Ask a workspace owner for an invite.</p>
      </section>
    );
  }
  return (
    <section>
      <h1>{current.name}</h1>
      <p>
        You are signed in as {session?.account.email}, {current.role === "member" ? "a member" : `an ${current.role}`} of this workspace.{" "}
        {ROLE_DOES[current.role]}
      </p>
      <p>
        <Link to="/posts">Open the inbox</Link>: every idea your users sent, newest first.
      </p>
      <Numbers />
      {canManageWorkspace(current.role) && (
        <>
          <h2>Set up {current.name}</h2>
          <ul className="first-steps">
            {FIRST_STEPS.map((step) => (
              <li key={step.to}>
                <Link to={step.to}>{step.label}</Link>: {step.why}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

import { useSession } from "../session.js";

const ROLE_DOES: Record<string, string> = {
  owner: "You can do everything here, ownership included.",
  admin: "You can do everything here but make, change or remove an owner.",
  member: "You can work on posts, comments, votes and the changelog, and read boards and end users.",
};

/** Where a signed-in person lands: which workspace, and what their role lets them do. */
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
    </section>
  );
}

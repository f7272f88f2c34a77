import { recordChange } from "../changes/record.js";
import { SYSTEM_ACTOR, type Tx } from "../context.js";
import { queueMemberMails } from "../mail/member-mails.js";
import { either, RECEIVERS, type Receiver } from "./receivers.js";
import { HOLD_DAYS, type TurnOff } from "./rule.js";

// What Heed says when it turns a receiver off, in the transaction that does it: an audit row by the
// system, and a mail to each owner and admin of the workspace, queued to go after the commit.

export async function tellTurnedOff(tx: Tx, receiver: Receiver, why: TurnOff): Promise<void> {
  const { table, label, noun, settingsPath } = RECEIVERS[receiver.kind];
  const [workspace, named] = await Promise.all([
    tx.selectFrom("workspaces").select(["slug", "name"]).where("id", "=", receiver.workspaceId).executeTakeFirstOrThrow(),
    either(tx).selectFrom(table).select(`${label} as label`).where("id", "=", receiver.id).executeTakeFirstOrThrow() as Promise<{ label: string }>,
  ]);
  await recordChange(
    tx,
    { workspace: { id: receiver.workspaceId, slug: workspace.slug }, actor: SYSTEM_ACTOR, requestId: null },
    { action: `${receiver.kind}.turned_off`, objectType: receiver.kind, objectId: receiver.id, audit: { ...why } },
  );
  const readers = await tx
    .selectFrom("members")
    .select("id")
    .where("workspace_id", "=", receiver.workspaceId)
    .where("role", "in", ["owner", "admin"])
    .execute();
  await queueMemberMails(
    tx,
    receiver.workspaceId,
    readers.map((m) => m.id),
    { kind: "receiver_turned_off", noun, name: named.label, workspace: workspace.name, path: settingsPath, holdDays: HOLD_DAYS, ...why },
  );
}

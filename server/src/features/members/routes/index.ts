import type { Operation } from "../../../http/define-operation.js";
import { createInviteOperation, listInvitesOperation, revokeInviteOperation } from "../../invites/index.js";
import { listAssignableMembersOperation } from "./assignable.js";
import { listMembersOperation } from "./list.js";
import { createPasswordResetLinkOperation } from "../../accounts/index.js";
import { removeMemberOperation } from "./remove.js";
import { changeMemberRoleOperation } from "./update.js";

export const operations: Operation[] = [
  listMembersOperation,
  listAssignableMembersOperation,
  changeMemberRoleOperation,
  removeMemberOperation,
  createInviteOperation,
  listInvitesOperation,
  revokeInviteOperation,
  createPasswordResetLinkOperation,
];

import type { Operation } from "../../../http/define-operation.js";
import { listSessionsOperation, revokeAllSessionsOperation, revokeSessionOperation } from "./sessions.js";
import { getSessionOperation, signOutOperation, switchWorkspaceOperation } from "./session.js";
import { signInOperation } from "./sign-in.js";
import {
  finishSingleSignOnOperation,
  getSignInOptionsOperation,
  listIdentitiesOperation,
  startIdentityLinkOperation,
  startSingleSignOnOperation,
} from "./single-sign-on.js";
import {
  confirmTwoFactorOperation,
  disableTwoFactorOperation,
  enrolTwoFactorOperation,
  getTwoFactorOperation,
  renewRecoveryCodesOperation,
} from "./two-factor.js";
import { acceptInviteOperation, getInviteOperation } from "../../invites/index.js";
import { getPasswordResetOperation, requestPasswordResetOperation, resetPasswordOperation } from "./password-reset.js";

export const operations: Operation[] = [
  signInOperation,
  getSessionOperation,
  switchWorkspaceOperation,
  signOutOperation,
  listSessionsOperation,
  revokeSessionOperation,
  revokeAllSessionsOperation,
  getInviteOperation,
  acceptInviteOperation,
  requestPasswordResetOperation,
  getPasswordResetOperation,
  resetPasswordOperation,
  getSignInOptionsOperation,
  startSingleSignOnOperation,
  finishSingleSignOnOperation,
  startIdentityLinkOperation,
  listIdentitiesOperation,
  getTwoFactorOperation,
  enrolTwoFactorOperation,
  confirmTwoFactorOperation,
  renewRecoveryCodesOperation,
  disableTwoFactorOperation,
];

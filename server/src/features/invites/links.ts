/** Where an invite's token is opened: the dashboard's accept page. */
export function inviteUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, "")}/app/invite/${token}`;
}

/** How long an invite link works. */
export const INVITE_LIFETIME_MS = 7 * 24 * 3_600_000;

import { nowIso } from "../../platform/lib/clock.js";
import { deadLetter, retryDelay, retryLater, sendDue, succeeded, UNLEASED } from "../../platform/queue/index.js";
import type { Services } from "../../platform/context.js";
import type { Copy } from "../../platform/mail/template.js";
import { type Line, type Links, lineOf } from "./mail/compose.js";
import { DEFAULT_LANGUAGE, supportedLanguage } from "../../platform/i18n/languages.js";
import { translator } from "../../platform/i18n/translator.js";
import { mailRenderer } from "./mail/render.js";
import { mergeAsShown, shownSurvivors } from "./mail/merge-survivors.js";
import { ideasShipped } from "./mail/ideas-shipped.js";
import type { NotificationKind } from "./kinds.js";
import { MAIL_BACKOFF, mailQueue } from "./queue.js";
import { preferencesToken } from "./tokens.js";
import { statusNameIn } from "../statuses/index.js";

export interface SendOptions {
  /** Mails sent at once (the SMTP pool's connections). */
  concurrency: number;
  /** UNSUBSCRIBE_MAILTO: an address the operator reads, offered beside the one-click link. */
  unsubscribeMailto?: string | undefined;
  /** Waits, before each mail, while the server is busy serving requests (platform/lib/pace.ts). */
  pace?: (() => Promise<void>) | undefined;
}

/** How long a lease on a run of mails lasts: a send's timeout with slack; a killed process frees them. */
const LEASE_MS = 2 * 60_000;
const ACCENT = "#3b4fd8";

interface Leased {
  id: string;
  workspace_id: string;
  recipient_id: string;
  attempts: number;
}

/**
 * Sends the mails that are due, up to `batch`: leases them in one conditional update (so two
 * processes never send one mail at once), renders each, sends, and records the answer at once.
 * SMTP takes no idempotency key: a process killed after the server took a mail and before the
 * `sent` row committed sends that one mail again when its lease runs out. The window is one
 * update's time; the repeat carries the same Message-ID.
 */
export async function sendDueMails(services: Services, options: SendOptions, batch = 200): Promise<number> {
  const { db, mailer } = services;
  if (!mailer) return 0;
  return sendDue<"notification_mails", Leased>(
    db,
    mailQueue,
    {
      due: (eb) => eb.and([eb("state", "=", "pending"), eb("next_attempt_at", "<=", nowIso())]),
      batch,
      leaseMs: LEASE_MS,
      claim: "batch",
      concurrency: options.concurrency,
      returning: ["id", "workspace_id", "recipient_id", "attempts"],
    },
    async (leased) => {
      const compose = await composer(services, leased);
      const render = mailRenderer(mailer);
      return async (mail) => {
        const message = await compose(mail, render);
        if (!message) {
          await db
            .updateTable("notification_mails")
            .set({ state: "skipped", ...UNLEASED })
            .where("id", "=", mail.id)
            .execute();
          return;
        }
        await options.pace?.();
        const delivery = await mailer.deliver(message);
        const ended = delivery.sent
          ? { ...succeeded(mailQueue, "sent", mail.attempts), sent_at: nowIso() }
          : tryAgainOrFail(mail.attempts, delivery.error.slice(0, 500), delivery.permanent);
        await db.updateTable("notification_mails").set(ended).where("id", "=", mail.id).execute();
      };
    },
  );

  /** Reads what the leased mails hold, their readers and workspaces, in a few queries for the batch. */
  async function composer(services: Services, mails: Leased[]) {
    const ids = mails.map((m) => m.id);
    const items = await db
      .selectFrom("notifications as n")
      .innerJoin("notification_events as e", "e.id", "n.event_id")
      .select(["n.mail_id", "n.kind", "n.post_id", "e.data", "e.created_at"])
      .where("n.mail_id", "in", ids)
      .orderBy("n.id")
      .execute();
    const survivors = await shownSurvivors(db, items);
    const shipped = await ideasShipped(db, mails, items);
    const userIds = mails.map((m) => m.recipient_id).filter((id) => id.startsWith("usr_"));
    const memberIds = mails.map((m) => m.recipient_id).filter((id) => id.startsWith("mem_"));
    const users = userIds.length
      ? await db.selectFrom("users").select(["id", "email", "locale", "email_notifications", "deleted_at"]).where("id", "in", userIds).execute()
      : [];
    const members = memberIds.length ? await db.selectFrom("members").select(["id", "email"]).where("id", "in", memberIds).execute() : [];
    const workspaceIds = [...new Set(mails.map((m) => m.workspace_id))];
    const workspaces = await db
      .selectFrom("workspaces")
      .select(["id", "slug", "name", "portal_logo_url", "portal_accent_color", "portal_language"])
      .where("id", "in", workspaceIds)
      .execute();
    const statusNames = await translatedStatuses(db, items);
    const base = services.publicUrl.replace(/\/$/, "");
    const host = new URL(base).hostname;
    const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((row) => [row.id, row]));
    const [workspaceById, userById, memberById] = [byId(workspaces), byId(users), byId(members)];
    const itemsByMail = new Map<string | null, typeof items>();
    for (const item of items) {
      const list = itemsByMail.get(item.mail_id);
      if (list) list.push(item);
      else itemsByMail.set(item.mail_id, [item]);
    }
    return async (mail: Leased, render: ReturnType<typeof mailRenderer>): Promise<Copy | undefined> => {
      const workspace = workspaceById.get(mail.workspace_id);
      const user = userById.get(mail.recipient_id);
      const member = memberById.get(mail.recipient_id);
      // Gone, without an address, or everything turned off since: nothing is sent.
      const to = user && user.deleted_at === null && user.email_notifications !== "off" ? user.email : member?.email;
      const mine = itemsByMail.get(mail.id) ?? [];
      if (!workspace || !to || mine.length === 0) return undefined;
      const links: Links = member
        ? { post: (id) => `${base}/app/posts/${id}`, changelog: `${base}/app/changelog`, entry: (id) => `${base}/app/changelog/${id}` }
        : {
            post: (id) => `${base}/p/${workspace.slug}/posts/${id}`,
            changelog: `${base}/p/${workspace.slug}/changelog`,
            entry: (id) => `${base}/p/${workspace.slug}/changelog/${id}`,
          };
      // Members read Heed in English, as the dashboard speaks; an end user in their language.
      const language = member ? DEFAULT_LANGUAGE : (supportedLanguage(user?.locale) ?? supportedLanguage(workspace.portal_language) ?? DEFAULT_LANGUAGE);
      const t = translator(language);
      const lines: Line[] = mine.map((i) => {
        const data = JSON.parse(i.data) as Record<string, unknown>;
        if (i.kind === "changelog_answered") return lineOf(t, "changelog_answered", null, { ...data, yours: shipped(mail.recipient_id, data) }, links);
        // An end user reads the status in their language, as the portal names it; a member, the team's name.
        const status = typeof data.toId === "string" ? statusNames.get(data.toId) : undefined;
        if (status && !member) data.to = statusNameIn(status, language);
        return lineOf(t, i.kind as NotificationKind, i.post_id, i.kind === "merged" && !member ? mergeAsShown(data, survivors) : data, links);
      });
      const token = preferencesToken(services.notificationSecret, { workspaceId: workspace.id, recipientId: mail.recipient_id });
      const preferencesUrl = member ? `${base}/app/settings/notifications` : `${base}/p/${workspace.slug}/notifications?token=${token}`;
      const unsubscribeUrl = `${base}/p/${workspace.slug}/unsubscribe?token=${token}`;
      const listUnsubscribe = [
        `<${unsubscribeUrl}>`,
        ...(options.unsubscribeMailto ? [`<mailto:${options.unsubscribeMailto}?subject=unsubscribe%20${token}>`] : []),
      ];
      return render(
        {
          workspace: { name: workspace.name, logoUrl: workspace.portal_logo_url, accent: workspace.portal_accent_color ?? ACCENT },
          lines,
          why: t.t(member ? "notify.whyMember" : "notify.whyFollower", { workspace: workspace.name }),
          lang: language,
        },
        {
          to,
          messageId: `<${mail.id}@${host}>`,
          links: { preferencesUrl, unsubscribeUrl },
          headers: { "List-Unsubscribe": listUnsubscribe.join(", "), "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
        },
      );
    };
  }
}

/** A failed send: tried again after its backoff, or, the tries spent or the address refused for good, `failed` (due now, never claimed again). */
function tryAgainOrFail(attempts: number, error: string, permanent: boolean) {
  const wait = permanent ? undefined : retryDelay(MAIL_BACKOFF, attempts);
  return wait === undefined ? { ...deadLetter(mailQueue, attempts, error), next_attempt_at: nowIso() } : retryLater(mailQueue, attempts, error, wait);
}

/** The statuses the batch's status changes went to, with their names per language (one query). */
async function translatedStatuses(db: Services["db"], items: { data: string }[]): Promise<Map<string, { name: string; translations: string }>> {
  const ids = new Set<string>();
  for (const item of items) {
    const data = JSON.parse(item.data) as Record<string, unknown>;
    if (typeof data.toId === "string") ids.add(data.toId);
  }
  if (ids.size === 0) return new Map();
  const rows = await db
    .selectFrom("statuses")
    .select(["id", "name", "translations"])
    .where("id", "in", [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

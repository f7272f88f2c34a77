// Types of the widget a customer's page loads with
//   <script src="{api_host}/widget.js" data-public-key="heed_pk_…" async></script>
// which sets `window.Heed` and then dispatches `heed:ready` on window. The widget is built from
// these types (server/src/features/widget/browser/widget.ts), so they describe exactly what it does.

/** Who the user is: your fields (with `userHash` when the workspace verifies identities), or a signed JWT as `token`. */
export interface WidgetIdentity {
  userId?: string;
  email?: string;
  name?: string;
  avatarUrl?: string;
  company?: { id: string; name: string; monthlySpend?: number };
  traits?: Record<string, string | number | boolean | null>;
  /** Hex HMAC-SHA256 of `userId` under the workspace's identity secret, made on your server. */
  userHash?: string;
  /** Instead of the fields: a JWT (HS256, the identity secret, with `exp`) whose claims are the fields. */
  token?: string;
}

/** The panel's tab it opens on: a new idea (the default), the ideas, the roadmap or the changelog. */
export type WidgetPage = "feedback" | "ideas" | "roadmap" | "changelog";

export interface HeedWidget {
  /** Identifies the user; resolves false (and warns in the console) when Heed refuses. */
  identify(identity: WidgetIdentity): Promise<boolean>;
  /** Queues an event; queued events are sent in batches, and when the page is hidden. */
  track(event: string, properties?: Record<string, unknown>): void;
  /** Opens the portal in a panel, signed in as the identified user. */
  open(page?: WidgetPage): Promise<void>;
  close(): void;
  /** Sends the queued events now. */
  flush(): Promise<void>;
}

declare global {
  interface Window {
    Heed?: HeedWidget;
  }
}

import { z } from "zod";

// Settings → Notifications: for each kind, in the dashboard and by mail; and the boards whose new
// posts the member hears of (ids picked from the workspace's own list).

const channels = z.object({ inApp: z.boolean(), email: z.boolean() });

export const settingsSchema = z.object({
  kinds: z.object({ new_post: channels, commented: channels, mentioned: channels, assigned: channels }),
  // A checkbox group with nothing ticked reads as `false`.
  boards: z
    .union([z.array(z.string()), z.literal(false)])
    .transform((v) => (v === false ? [] : v))
    .pipe(z.array(z.string()).max(200)),
});

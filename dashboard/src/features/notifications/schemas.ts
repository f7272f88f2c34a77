import { z } from "zod";
import { UpdateNotificationSettingsBody } from "../../../../packages/shared/src/bodies/notifications.js";

// Settings → Notifications: the request body (packages/shared/src/bodies/notifications.ts), as the
// form fills it: for each kind, in the dashboard and by mail; and the boards whose new posts the
// member hears of (ids picked from the workspace's own list).

const settings = UpdateNotificationSettingsBody.shape;
export const settingsSchema = z.object({
  kinds: settings.kinds.unwrap(),
  // A checkbox group with nothing ticked reads as `false`.
  boards: z
    .union([z.array(z.string()), z.literal(false)])
    .transform((v) => (v === false ? [] : v))
    .pipe(settings.boards.unwrap()),
});

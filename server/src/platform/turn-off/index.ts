// Turning off what keeps failing: a webhook endpoint or an integration whose attempts have failed
// long enough is turned off, its deliveries held, its owners and admins told; turned on again, it
// is sent what it missed. Features use it through this file.

export { countAttempts, type Outcome } from "./streak.js";
export { expireHeld, releaseHeld, selectHeld } from "./hold.js";
export { DEFAULT_TURN_OFF, FRESH_HEALTH, HOLD_DAYS, type TurnOffRule } from "./rule.js";
export type { Receiver, ReceiverKind } from "./receivers.js";
export { ReceiverHealthFields, receiverHealthView, type WithHeld } from "./view.js";

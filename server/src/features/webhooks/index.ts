// What other features may use from webhooks: everything else in this folder is its own business.

export { checkOutboundUrl, isBlockedAddress } from "./ssrf.js";
export { webhookFollower } from "./fanout.js";
export { webhookQueue } from "./queue.js";
export { webhookPass } from "./worker.js";

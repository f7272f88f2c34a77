// The providers' SDKs, each loaded the first time it is needed: a server with no integration (or
// a process that never sends) does not pay for them. Together they cost about 0.3 s and 40 MB at
// start-up, @linear/sdk most of it, in the serving process and the background thread alike.

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load();
    return loaded;
  };
}

export const octokitSdk = once(() => import("@octokit/rest"));
export const octokitWebhooks = once(() => import("@octokit/webhooks-methods"));
export const linearSdk = once(() => import("@linear/sdk"));
export const linearWebhooks = once(() => import("@linear/sdk/webhooks"));
export const slackWebApi = once(() => import("@slack/web-api"));
export const slackWebhook = once(() => import("@slack/webhook"));

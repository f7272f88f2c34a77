// Compiled, never run: `tsc --noEmit` must accept every line here, and each `@ts-expect-error` must
// sit on a real type error (tsc fails on an unused one). So a wrong field, parameter or route is
// proven to be a compile error, and the right ones are proven to compile.
import { createHeedClient, createPortalClient, paginate, verifyWebhook, type paths, type Schemas } from "../src/index.js";

const api = createHeedClient({ baseUrl: "http://127.0.0.1:3000", apiKey: "heed_sk_…" });
const portal = createPortalClient({ baseUrl: "http://127.0.0.1:3000", publicKey: "heed_pk_…" });

export async function typed(): Promise<void> {
  const list = await api.GET("/posts", { params: { query: { sort: "votes", limit: 20 } } });
  if (list.data) {
    const title: string = list.data.data[0]!.title;
    const next: string | null = list.data.nextCursor;
    // @ts-expect-error: a post's title is a string
    const wrong: number = list.data.data[0]!.title;
    void [title, next, wrong];
  }
  if (list.error) {
    const code: Schemas["Problem"]["code"] = list.error.code;
    // @ts-expect-error: not an error code Heed has
    const unknown: typeof list.error.code = "teapot";
    void [code, unknown];
  }

  // @ts-expect-error: `random` is not a sort
  await api.GET("/posts", { params: { query: { sort: "random" } } });
  // @ts-expect-error: `limit` is a number
  await api.GET("/posts", { params: { query: { limit: "20" } } });
  // @ts-expect-error: the path parameter is required
  await api.GET("/posts/{id}", {});
  // @ts-expect-error: no such route
  await api.GET("/postz");

  await api.POST("/posts", { body: { boardId: "brd_1", title: "Dark mode" } });
  // @ts-expect-error: `title` is required
  await api.POST("/posts", { body: { boardId: "brd_1" } });
  // @ts-expect-error: `colour` is not a field of a post
  await api.POST("/posts", { body: { boardId: "brd_1", title: "x", colour: "red" } });
  // @ts-expect-error: the portal's routes take the public key, not a secret one
  await api.GET("/portal/posts");
  // @ts-expect-error: and a public key cannot reach the secret-key routes
  await portal.GET("/posts");

  const vote = await portal.POST("/portal/posts/{id}/vote", { params: { path: { id: "post_1" } } });
  const voted: boolean | undefined = vote.data?.voted;
  void voted;
  // @ts-expect-error: PortalPost has no revenue
  void (await portal.GET("/portal/posts/{id}", { params: { path: { id: "post_1" } } })).data?.revenue;

  for await (const post of paginate(api, "/posts", { query: { sort: "votes" } })) {
    const votes: number = post.voteCount;
    void votes;
  }
  for await (const comment of paginate(api, "/posts/{id}/comments", { path: { id: "post_1" } })) void comment.body.length;
  // @ts-expect-error: `/posts/{id}` is not a list
  paginate(api, "/posts/{id}", { path: { id: "post_1" } });
  // @ts-expect-error: a list with a path parameter needs it
  paginate(api, "/posts/{id}/comments");
  // @ts-expect-error: paginate follows the cursor itself
  paginate(api, "/posts", { query: { cursor: "abc" } });

  const event = verifyWebhook("{}", {}, "whsec_…");
  if (event.type === "vote.created") {
    const postId: string = event.data.postId;
    void postId;
  }
  // @ts-expect-error: not an event Heed sends
  if (event.type === "post.exploded") void event;

  // The headers every response carries are typed too: the rate-limit state, and on a 429 the wait.
  type ListHeaders = paths["/posts"]["get"]["responses"][200]["headers"];
  const remaining: ListHeaders["x-ratelimit-remaining"] = 599;
  const policy: ListHeaders["RateLimit-Policy"] = '"key";q=600;w=60';
  const wait: paths["/posts"]["get"]["responses"][429]["headers"]["Retry-After"] = 42;
  const replayed: paths["/posts"]["post"]["responses"][201]["headers"]["idempotent-replayed"] = "true";
  // @ts-expect-error: the rate-limit headers are numbers
  const wrong: ListHeaders["x-ratelimit-limit"] = "600";
  void [remaining, policy, wait, replayed, wrong];
}

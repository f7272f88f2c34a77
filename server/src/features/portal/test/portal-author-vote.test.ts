import { describe, expect, it } from "vitest";
import { useHarness } from "../../../../test/support/harness.js";

// An idea an end user posts on the portal starts with their own vote, as on Canny and
// Featurebase, unless the workspace turns that off; a held idea gets it when approved, as the
// author's own act. On both databases.

const h = useHarness();

describe("the author's own vote", () => {
  it("comes with a new idea, counts once, and can be taken back like any vote", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const { userId, token } = await ws.identify("ana");
    expect((await h.call("GET", "/v1/workspace", { key })).body.authorVotes).toBe(true);
    const posted = await h.call("POST", "/v1/portal/posts", { headers: ws.customer(token), json: { boardId: await ws.boardId(), title: "Offline mode" } });
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({ voteCount: 1, viewerHasVoted: true });
    const voters = (await h.call("GET", `/v1/posts/${posted.body.id}/votes`, { key })).body.data;
    expect(voters.map((v: { user: { id: string } }) => v.user.id)).toEqual([userId]);
    // Voting again changes nothing; taking it back leaves none.
    expect((await h.call("POST", `/v1/portal/posts/${posted.body.id}/vote`, { headers: ws.customer(token) })).body.voteCount).toBe(1);
    expect((await h.call("DELETE", `/v1/portal/posts/${posted.body.id}/vote`, { headers: ws.customer(token) })).body).toMatchObject({
      voted: false,
      voteCount: 0,
    });
    const activity = (await h.call("GET", `/v1/posts/${posted.body.id}/activity`, { key })).body.data;
    expect(activity.slice(0, 2).map((a: { action: string; actor: { type: string; id: string } }) => [a.action, a.actor.type, a.actor.id])).toEqual([
      ["post.created", "end_user", userId],
      ["vote.created", "end_user", userId],
    ]);
  });

  it("is left out when the workspace turns it off, and posts the team makes never get one", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    expect((await h.call("PATCH", "/v1/workspace", { key, json: { authorVotes: false } })).body.authorVotes).toBe(false);
    const { userId, token } = await ws.identify("ben");
    const posted = await h.call("POST", "/v1/portal/posts", { headers: ws.customer(token), json: { boardId: await ws.boardId(), title: "Dark mode" } });
    expect(posted.body).toMatchObject({ voteCount: 0, viewerHasVoted: false });
    await h.call("PATCH", "/v1/workspace", { key, json: { authorVotes: true } });
    const byTeam = await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "On Ben's behalf", authorId: userId } });
    expect(byTeam.body.voteCount).toBe(0);
  });

  it("waits with a held idea, and is cast as the author's when it is approved", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    await h.call("PATCH", "/v1/workspace", { key, json: { moderation: "all" } });
    const { userId, token } = await ws.identify("cat");
    const posted = await h.call("POST", "/v1/portal/posts", { headers: ws.customer(token), json: { boardId: await ws.boardId(), title: "Held idea" } });
    expect(posted.body).toMatchObject({ heldForApproval: true, voteCount: 0, viewerHasVoted: false });
    expect((await h.call("POST", "/v1/posts/moderate", { key, json: { ids: [posted.body.id], decision: "approve" } })).status).toBe(200);
    const post = (await h.call("GET", `/v1/posts/${posted.body.id}`, { key })).body;
    expect(post.voteCount).toBe(1);
    const vote = (await h.call("GET", `/v1/posts/${posted.body.id}/activity`, { key })).body.data.find((a: { action: string }) => a.action === "vote.created");
    expect(vote.actor).toMatchObject({ type: "end_user", id: userId });
  });
});

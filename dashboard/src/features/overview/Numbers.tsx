import type { Schemas } from "@heed/client";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type ReactNode, useId } from "react";
import { Link, useSearchParams } from "react-router";
import { api, unwrap } from "../../api.js";
import { formatMoney } from "../../ui/money.js";
import { QueryState } from "../../ui/QueryState.js";

// The overview's numbers for a chosen period (GET /v1/analytics/overview): activity per week as a
// table with bars, the posts that matter most, how fast the team answers, where posts moved, and
// who asks most. The period lives in the address (`?period=12w`) so a view can be shared.

type Overview = Schemas["AnalyticsOverview"];

const PERIODS = [
  { id: "4w", label: "Last 4 weeks", days: 28 },
  { id: "12w", label: "Last 12 weeks", days: 84 },
  { id: "26w", label: "Last 6 months", days: 182 },
  { id: "52w", label: "Last 12 months", days: 364 },
] as const;

const DAY_MS = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const overviewQuery = (days: number) => {
  const today = Date.now();
  const query = { from: day(today - (days - 1) * DAY_MS), to: day(today) };
  return queryOptions({ queryKey: ["analytics", "overview", query], queryFn: async () => unwrap(await api.GET("/analytics/overview", { params: { query } })) });
};

const nothing = (o: Overview) => o.weeks.every((w) => w.posts + w.votes + w.comments === 0);
/** Hours as a person reads a delay (the API gives tenths of an hour). */
const hours = (h: number | null) =>
  h === null ? "–" : h === 0 ? "under 6 min" : h < 1 ? `${Math.round(h * 60)} min` : h < 48 ? `${h} h` : `${Math.round(h / 24)} days`;

function Weeks({ weeks }: { weeks: Overview["weeks"] }) {
  const most = Math.max(1, ...weeks.flatMap((w) => [w.posts, w.votes, w.comments]));
  const bar = (n: number, kind: string) => (
    <td>
      <span className="bar-value">{n}</span>
      <span className={`bar bar-${kind}`} style={{ width: `${(n / most) * 100}%` }} aria-hidden="true" />
    </td>
  );
  return (
    // Scrolls sideways on a narrow screen: focusable, so the keyboard can scroll it too.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus (WCAG 2.1.1)
    <section className="table-scroll" tabIndex={0} aria-label="Activity per week">
      <table className="weeks">
        <caption>Per week</caption>
        <thead>
          <tr>
            <th scope="col">Week of</th>
            <th scope="col">New posts</th>
            <th scope="col">Votes</th>
            <th scope="col">Comments</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((w) => (
            <tr key={w.weekStart}>
              <th scope="row">{new Date(`${w.weekStart}T00:00:00Z`).toLocaleDateString(undefined, { month: "short", day: "numeric", timeZone: "UTC" })}</th>
              {bar(w.posts, "posts")}
              {bar(w.votes, "votes")}
              {bar(w.comments, "comments")}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** A titled card of figures: a region named by its title. */
function FigureCard({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="figure-card" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {children}
    </section>
  );
}

function PostList({ title, posts, figure }: { title: string; posts: Overview["highestRevenue"]; figure: (p: Overview["highestRevenue"][number]) => string }) {
  return (
    <FigureCard title={title}>
      {posts.length === 0 ? (
        <p className="muted">None in this period.</p>
      ) : (
        <ol>
          {posts.map((p) => (
            <li key={p.id}>
              <Link to={`/posts/${p.id}`}>{p.title}</Link> <span className="muted">{figure(p)}</span>
            </li>
          ))}
        </ol>
      )}
    </FigureCard>
  );
}

export function Numbers() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const period = PERIODS.find((p) => p.id === params.get("period")) ?? PERIODS[1];
  const overview = useQuery(overviewQuery(period.days));
  return (
    <section className="numbers" aria-labelledby={id}>
      <div className="page-head">
        <h2 id={id}>The numbers</h2>
        <label className="period">
          Period{" "}
          <select value={period.id} onChange={(event) => setParams({ period: event.target.value })}>
            {PERIODS.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <QueryState
        query={overview}
        what="the numbers"
        isEmpty={nothing}
        empty={
          <>
            <h3>Nothing in this period yet</h3>
            <p>
              Posts, votes and comments show here as they arrive from the portal, the widget and the API. <Link to="/posts">Open the inbox</Link>.
            </p>
          </>
        }
      >
        {(o) => (
          <>
            <Weeks weeks={o.weeks} />
            <div className="figure-cards">
              <FigureCard title="Time to first response">
                <p>
                  <strong className="figure">{hours(o.firstResponse.medianHours)}</strong> median, <strong>{hours(o.firstResponse.p90Hours)}</strong> for 9 in
                  10
                </p>
                <p className="muted">
                  {o.firstResponse.answered} of {o.firstResponse.answered + o.firstResponse.unanswered} end users' posts answered publicly.
                </p>
              </FigureCard>
              <PostList
                title="Most voted"
                posts={o.mostVoted}
                figure={(p) => {
                  const n = "votesInPeriod" in p ? Number(p.votesInPeriod) : p.voteCount;
                  return `${n} ${n === 1 ? "vote" : "votes"}`;
                }}
              />
              <PostList title="Highest revenue" posts={o.highestRevenue} figure={(p) => `${formatMoney(p.revenue)}/mo`} />
              <FigureCard title="Moved to">
                {o.statusChanges.length === 0 ? (
                  <p className="muted">No status changes in this period.</p>
                ) : (
                  <ul>
                    {o.statusChanges.map((s) => (
                      <li key={s.status.id}>
                        <span className={`badge status-${s.status.category}`}>{s.status.name}</span> {s.posts} {s.posts === 1 ? "post" : "posts"}
                      </li>
                    ))}
                  </ul>
                )}
              </FigureCard>
              <FigureCard title="Companies asking most">
                {o.topCompanies.length === 0 ? (
                  <p className="muted">No company's users voted in this period.</p>
                ) : (
                  <ol>
                    {o.topCompanies.map((c) => (
                      <li key={c.id}>
                        {c.name}{" "}
                        <span className="muted">
                          {c.requests} {c.requests === 1 ? "post" : "posts"} · {formatMoney(c.monthlySpend)}/mo
                        </span>
                      </li>
                    ))}
                  </ol>
                )}
              </FigureCard>
            </div>
          </>
        )}
      </QueryState>
    </section>
  );
}

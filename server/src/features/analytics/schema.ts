import { z } from "@hono/zod-openapi";
import { date, idOf } from "../../platform/fields.js";
import { StatusRefSchema } from "../posts/index.js";

/** The longest period one overview covers. */
export const MOST_DAYS = 366;

export const OverviewQuery = z.object({
  from: date().optional().openapi({ description: "First day (UTC, YYYY-MM-DD); default: 12 weeks before `to`." }),
  to: date().optional().openapi({ description: "Last day, included (UTC); default: today." }),
});

const PostSummary = z.object({ id: idOf("post"), title: z.string(), status: StatusRefSchema, voteCount: z.number().int(), revenue: z.number() });

export const AnalyticsOverviewSchema = z
  .object({
    from: z.string().openapi({ format: "date" }),
    to: z.string().openapi({ format: "date" }),
    weeks: z
      .array(
        z.object({
          weekStart: z.string().openapi({ format: "date", description: "The Monday (UTC) the week starts on." }),
          posts: z.number().int(),
          votes: z.number().int(),
          comments: z.number().int().openapi({ description: "Public comments." }),
        }),
      )
      .openapi({ description: "Every week the period touches, oldest first, with what was written in it (weeks with none included)." }),
    mostVoted: z
      .array(PostSummary.extend({ votesInPeriod: z.number().int() }))
      .openapi({ description: "The five posts with the most votes cast in the period." }),
    highestRevenue: z
      .array(PostSummary)
      .openapi({ description: "The five posts voted for in the period whose voters' companies spend the most (`revenue`, monthly)." }),
    firstResponse: z
      .object({
        answered: z.number().int().openapi({ description: "End users' posts of the period the team answered publicly." }),
        unanswered: z.number().int().openapi({ description: "End users' posts of the period with no public team reply yet." }),
        medianHours: z.number().nullable(),
        p90Hours: z.number().nullable(),
      })
      .openapi({ description: "Time from an end user's post to the team's first public comment, for posts written in the period." }),
    statusChanges: z
      .array(z.object({ status: StatusRefSchema, posts: z.number().int() }))
      .openapi({ description: "How many posts moved to each status in the period (a post moved twice to one status counts once), most first." }),
    topCompanies: z
      .array(
        z.object({
          id: idOf("cmp"),
          name: z.string(),
          monthlySpend: z.number(),
          requests: z.number().int().openapi({ description: "Posts its end users voted for in the period." }),
        }),
      )
      .openapi({ description: "The five companies whose users voted for the most posts in the period, by spend on a tie." }),
  })
  .openapi("AnalyticsOverview");

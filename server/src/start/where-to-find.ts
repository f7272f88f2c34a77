import type { Services } from "../platform/context.js";

// What a person who started Heed needs to find it again: printed on stdout at every start (after
// the demo's one-time keys and owner link on the first), in words, beside the JSON logs on stderr.
// An owner link printed once is easily lost, so the command that makes a new one is here too.

const DEFAULT_DATABASE_URL = "sqlite:./data/heed.db";

/** The start-up lines: where the dashboard, the portals and the reference are, and how to become an owner. */
export async function whereToFind(services: Services, databaseUrl: string): Promise<string[]> {
  const base = services.publicUrl.replace(/\/$/, "");
  const workspaces = await services.db.selectFrom("workspaces").select("slug").orderBy("created_at").limit(4).execute();
  const slugs = workspaces.map((w) => w.slug);
  // The command must reach the same database; a PostgreSQL URL's password is the operator's to add.
  const database = databaseUrl === DEFAULT_DATABASE_URL ? "" : `DATABASE_URL='${withoutPassword(databaseUrl)}' `;
  const portals = slugs.slice(0, 3).map((slug) => `${base}/p/${slug}`);
  return [
    `Heed is serving ${base}`,
    `  dashboard:     ${base}/app`,
    slugs.length > 0
      ? `  portal:        ${portals.join(", ")}${slugs.length > 3 ? ", …" : ""}`
      : "  portal:        none yet: a workspace's portal is /p/<its slug>",
    `  API reference: ${base}/docs`,
    slugs.length > 0
      ? `  a new owner invite for '${slugs[0]}' (the link is printed): ${database}npx heed members invite --workspace ${slugs[0]} --email you@example.com --role owner`
      : `  a first workspace: ${database}npx heed workspace create --slug acme --name Acme, then npx heed members invite --workspace acme --email you@example.com --role owner`,
  ];
}

function withoutPassword(url: string): string {
  if (!/^postgres(ql)?:\/\//.test(url)) return url;
  const parsed = new URL(url);
  parsed.password = "";
  return parsed.toString();
}

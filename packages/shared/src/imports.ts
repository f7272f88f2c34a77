// What the server's import reads and the dashboard shows share: the columns of UserVoice's export
// (the server reads them, the dashboard lists them where the source is chosen), and how a file's
// set of columns is named when the workspace's last mapping for it is kept and found again.

/**
 * UserVoice's export columns, per kind of Heed object: the ideas export (`suggestion.*`, a merged
 * idea's `parent.id`), and its voters as a user export of ideas (`suggestion.id` beside `user.*`).
 * `tags` reads two columns, each cell split on commas.
 */
export const USERVOICE_COLUMNS = {
  posts: {
    ref: "suggestion.id",
    title: "suggestion.title",
    body: "suggestion.body",
    board: "suggestion.forum.name",
    status: "suggestion.status.name",
    tags: ["suggestion.category.name", "suggestion.labels.name"],
    createdAt: "suggestion.created_timestamp",
    mergedIntoRef: "suggestion.parent.id",
  },
  votes: { postRef: "suggestion.id", userRef: "user.id", userEmail: "user.email_address", userName: "user.name", createdAt: "supporter.created_timestamp" },
  users: { ref: "user.id", email: "user.email_address", name: "user.name", createdAt: "user.created_timestamp" },
} as const;

/** The longest column set the API takes as a key (a header of a few hundred columns). */
export const COLUMN_SET_MAX_CHARS = 8000;

/**
 * A file's columns as one key: each name trimmed, lower-cased, its inner spaces made one and a
 * byte-order mark dropped, then the distinct names sorted, as a JSON array. The same file with its
 * columns in another order or case is the same set; a column more or less is another.
 */
export function columnSetKey(columns: readonly string[]): string {
  const names = new Set(
    columns
      .map((c) =>
        c
          .replace(/^\uFEFF/, "")
          .trim()
          .replace(/\s+/g, " ")
          .toLowerCase(),
      )
      .filter(Boolean),
  );
  return JSON.stringify([...names].sort());
}

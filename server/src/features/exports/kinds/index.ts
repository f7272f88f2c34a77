import type { ExportKind } from "./kind.js";
import { companies, trackedEvents, users } from "./people.js";
import { changelog, comments, posts, votes } from "./posts.js";
import { boards, members, statuses, tags } from "./structure.js";

export type { CsvColumn, ExportKind, Row } from "./kind.js";

/** The archive's files, in this order: what others refer to comes before what refers to it. */
export const EXPORT_KINDS: readonly ExportKind[] = [boards, statuses, tags, members, companies, users, posts, votes, comments, changelog, trackedEvents];

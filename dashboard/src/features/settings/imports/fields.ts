import type { Schemas } from "@heed/client";

// The kinds of file an import reads and, per kind, Heed's fields a column can fill (as the API's
// ImportMapping names them), with the words the mapping shows for each; and the formats a date
// column may be written in (the API's ImportDateFormat).

export const FILE_KINDS = [
  { kind: "posts", label: "Posts" },
  { kind: "votes", label: "Votes" },
  { kind: "users", label: "People" },
  { kind: "comments", label: "Comments" },
  { kind: "companies", label: "Companies" },
] as const;

export type FileKind = (typeof FILE_KINDS)[number]["kind"];

export const MAPPED_FIELDS: Record<FileKind, { field: string; label: string; required?: true }[]> = {
  posts: [
    { field: "title", label: "Title", required: true },
    { field: "body", label: "Description" },
    { field: "ref", label: "Its id in the source" },
    { field: "board", label: "Board" },
    { field: "status", label: "Status" },
    { field: "tags", label: "Tags (comma-separated)" },
    { field: "authorEmail", label: "Author's email" },
    { field: "createdAt", label: "Created" },
    { field: "mergedIntoRef", label: "Merged into (id)" },
  ],
  votes: [
    { field: "postRef", label: "Post id", required: true },
    { field: "userRef", label: "Voter id" },
    { field: "userEmail", label: "Voter's email" },
    { field: "userName", label: "Voter's name" },
    { field: "createdAt", label: "Voted" },
  ],
  users: [
    { field: "ref", label: "Id in the source", required: true },
    { field: "externalId", label: "Your app's user id" },
    { field: "email", label: "Email" },
    { field: "name", label: "Name" },
    { field: "companyRef", label: "Company id" },
    { field: "createdAt", label: "Created" },
  ],
  comments: [
    { field: "ref", label: "Id in the source", required: true },
    { field: "postRef", label: "Post id", required: true },
    { field: "body", label: "Text", required: true },
    { field: "authorRef", label: "Author id" },
    { field: "parentRef", label: "Answers comment (id)" },
    { field: "internal", label: "Internal (yes/no)" },
    { field: "createdAt", label: "Written" },
  ],
  companies: [
    { field: "ref", label: "Id in the source", required: true },
    { field: "name", label: "Name", required: true },
    { field: "monthlySpend", label: "Monthly spend" },
    { field: "createdAt", label: "Created" },
  ],
};

export type DateFormat = Schemas["ImportDateFormat"];

/** The formats a date column may be written in, each as a person would recognise it. */
export const DATE_FORMATS: { format: DateFormat; label: string; example: string }[] = [
  { format: "iso8601", label: "ISO 8601", example: "2024-05-01 or 2024-05-01T14:30:00Z" },
  { format: "dayMonthYear", label: "Day/month/year", example: "01/05/2024 is 1 May" },
  { format: "monthDayYear", label: "Month/day/year", example: "05/01/2024 is 1 May" },
  { format: "unixSeconds", label: "Unix time in seconds", example: "1714557600" },
  { format: "unixMilliseconds", label: "Unix time in milliseconds", example: "1714557600000" },
];

export const dateFormatLabel = (format: DateFormat) => DATE_FORMATS.find((f) => f.format === format)?.label ?? format;

/** The column a field most likely is, by name ("Title", "post_title", "Subject"…), or "". */
export function guessColumn(field: string, label: string, columns: string[]): string {
  const simple = (s: string) => s.toLowerCase().replace(/[^a-z]/g, "");
  const wanted = [
    simple(field),
    simple(label),
    ...(field === "title" ? ["subject", "summary", "name"] : []),
    ...(field === "body" ? ["details", "description"] : []),
    ...(field === "createdAt" ? ["timestamp", "date", "created", "createdat", "submittedat"] : []),
    ...(field === "authorEmail" || field === "userEmail" ? ["email", "emailaddress"] : []),
  ];
  return columns.find((c) => wanted.includes(simple(c))) ?? "";
}

// The column names of a CSV file the person picked, read in the browser from its first line (the
// first 64 KiB is plenty), so the mapping offers the file's own columns.

export async function columnsOf(file: File): Promise<string[]> {
  const text = await file.slice(0, 64 * 1024).text();
  const columns: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      columns.push(cell.trim());
      cell = "";
    } else if (c === "\n" || c === "\r") break;
    else cell += c;
  }
  columns.push(cell.trim());
  return columns.map((c) => c.replace(/^\uFEFF/, "")).filter(Boolean);
}

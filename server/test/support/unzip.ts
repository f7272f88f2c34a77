import { type Entry, fromBufferPromise } from "yauzl";

/** Every file of a zip archive, by name, as text: what a person who downloads an export opens. */
export async function unzipText(zip: Buffer): Promise<Map<string, string>> {
  const archive = await fromBufferPromise(zip, { lazyEntries: true, decodeStrings: true, validateEntrySizes: true });
  const files = new Map<string, string>();
  await new Promise<void>((resolve, reject) => {
    archive.on("entry", (entry: Entry) => {
      archive
        .openReadStreamPromise(entry)
        .then(async (stream) => {
          const parts: Buffer[] = [];
          for await (const part of stream) parts.push(part as Buffer);
          files.set(entry.fileName, Buffer.concat(parts).toString("utf8"));
          archive.readEntry();
        })
        .catch(reject);
    });
    archive.on("end", resolve);
    archive.on("error", reject);
    archive.readEntry();
  });
  return files;
}

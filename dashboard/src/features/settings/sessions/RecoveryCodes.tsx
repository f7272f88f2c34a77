import { useCopy } from "../../../ui/CopyButton.js";

// The ten recovery codes, shown once: copied to the clipboard or downloaded as a text file, so that
// keeping them takes one click and not ten selections.

const FILE_NAME = "heed-recovery-codes.txt";

/** The downloaded file: where the codes are for, how they work, one code a line. */
export function recoveryCodesFile(codes: string[], host: string): string {
  return [`Heed recovery codes for ${host}`, "Each code signs you in once, in place of a code from your authenticator app.", "", ...codes, ""].join("\n");
}

/** Saves `text` as a file through the browser's download, with nothing sent anywhere. */
function download(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

export function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const { copy, copied } = useCopy(codes.join("\n"));
  return (
    <section className="shown-once" aria-label="Recovery codes">
      <h3>Your recovery codes</h3>
      <p>Each one signs you in once if you lose your phone. Save them somewhere safe now: Heed keeps only their hashes and cannot show them again.</p>
      <ol className="recovery-codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="actions">
        <button type="button" className="secondary" onClick={copy}>
          Copy the codes
        </button>
        <button type="button" className="secondary" onClick={() => download(recoveryCodesFile(codes, window.location.host), FILE_NAME)}>
          Download the codes
        </button>
        <button type="button" onClick={onSaved}>
          I have saved them
        </button>
      </div>
      <p role="status" className="muted">
        {copied === "yes"
          ? `Copied the ${codes.length} codes.`
          : copied === "failed"
            ? "The browser did not allow copying: select the codes, or download them."
            : ""}
      </p>
    </section>
  );
}

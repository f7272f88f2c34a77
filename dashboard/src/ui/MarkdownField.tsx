import { useId, useState } from "react";
import { Markdown } from "./Markdown.js";

// A markdown text area with a preview: "Write" and "Preview" switch in place, and the text stays
// in the form (the preview hides the text area rather than removing it).

interface Props {
  label: string;
  name: string;
  defaultValue?: string;
  rows?: number;
  required?: boolean;
  maxLength?: number;
  error?: string;
  placeholder?: string;
}

export function MarkdownField({ label, name, defaultValue = "", rows = 8, required, maxLength, error, placeholder }: Props) {
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const errorId = `${id}-error`;
  return (
    <div className="field markdown-field">
      <div className="markdown-field-head">
        <label htmlFor={id}>{label}</label>
        <div className="segmented">
          <button type="button" className="secondary" aria-pressed={preview === null} onClick={() => setPreview(null)}>
            Write
          </button>
          <button
            type="button"
            className="secondary"
            aria-pressed={preview !== null}
            onClick={() => setPreview((document.getElementById(id) as HTMLTextAreaElement).value)}
          >
            Preview
          </button>
        </div>
      </div>
      <textarea
        id={id}
        name={name}
        rows={rows}
        defaultValue={defaultValue}
        required={required}
        maxLength={maxLength}
        placeholder={placeholder}
        hidden={preview !== null}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {preview !== null && (
        <section className="preview" aria-label={`${label}, preview`}>
          <Markdown source={preview} empty="Nothing to preview yet." />
        </section>
      )}
      {error && (
        <p id={errorId} className="error">
          {error}
        </p>
      )}
    </div>
  );
}

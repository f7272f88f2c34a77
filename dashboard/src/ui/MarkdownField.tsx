import { useId, useState } from "react";
import { useFormContext } from "react-hook-form";
import { useFieldError } from "./form/FormField.js";
import { Markdown } from "./Markdown.js";

// A markdown text area of the form around it, with a preview: "Write" and "Preview" switch in
// place, and the text stays in the form (the preview hides the text area rather than removing it).

interface Props {
  label: string;
  name: string;
  rows?: number;
  required?: boolean;
  maxLength?: number;
  placeholder?: string;
}

export function MarkdownField({ label, name, rows = 8, required, maxLength, placeholder }: Props) {
  const id = useId();
  const { register, getValues } = useFormContext();
  const error = useFieldError(name);
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
          <button type="button" className="secondary" aria-pressed={preview !== null} onClick={() => setPreview(String(getValues(name) ?? ""))}>
            Preview
          </button>
        </div>
      </div>
      <textarea
        id={id}
        rows={rows}
        required={required}
        maxLength={maxLength}
        placeholder={placeholder}
        hidden={preview !== null}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...register(name)}
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

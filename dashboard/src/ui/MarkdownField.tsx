import { type ReactNode, type TextareaHTMLAttributes, useId, useState } from "react";
import { useFormContext } from "react-hook-form";
import { useFieldError } from "./form/FormField.js";
import { Markdown } from "./Markdown.js";

// A markdown text area of the form around it, with a preview: "Write" and "Preview" switch in
// place, and the text stays in the form (the preview hides the text area rather than removing it).
// A field that completes what is typed (a comment's @mentions) adds its own attributes and handlers
// to the text area, and what it offers under it.

/** What a completing field adds to the text area: ARIA, key and caret handlers, and a ref of its own. */
export type TextareaExtras = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "onChange" | "id"> & {
  textareaRef?: (element: HTMLTextAreaElement | null) => void;
};

interface Props {
  label: string;
  name: string;
  rows?: number;
  required?: boolean;
  maxLength?: number;
  placeholder?: string;
  textarea?: TextareaExtras;
  /** Shown under the text area while writing (a list of suggestions). */
  below?: ReactNode;
}

export function MarkdownField({ label, name, rows = 8, required, maxLength, placeholder, textarea = {}, below }: Props) {
  const id = useId();
  const { register, getValues } = useFormContext();
  const error = useFieldError(name);
  const [preview, setPreview] = useState<string | null>(null);
  const errorId = `${id}-error`;
  const { textareaRef, ...extras } = textarea;
  const field = register(name);
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
      <div className="markdown-field-input">
        <textarea
          {...extras}
          id={id}
          rows={rows}
          required={required}
          maxLength={maxLength}
          placeholder={placeholder}
          hidden={preview !== null}
          aria-invalid={error ? true : undefined}
          aria-describedby={[extras["aria-describedby"], error ? errorId : undefined].filter(Boolean).join(" ") || undefined}
          {...field}
          onBlur={(event) => {
            void field.onBlur(event);
            extras.onBlur?.(event);
          }}
          ref={(element) => {
            field.ref(element);
            textareaRef?.(element);
          }}
        />
        {preview === null && below}
      </div>
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

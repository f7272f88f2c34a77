import { type KeyboardEvent, useId, useRef, useState } from "react";
import { useFormContext } from "react-hook-form";
import { MarkdownField } from "../../ui/MarkdownField.js";
import { insertMention, matching, type Teammate, type Typed, typedAt } from "./mentions.js";

// A comment's text area that offers the team as "@Ma" is typed: a list of the teammates whose
// name matches, under the field. The text area keeps focus and points at the active option
// (aria-activedescendant, the combobox pattern on a multi-line textbox): Down and Up move, Enter
// or Tab chooses, Escape closes; a click chooses too. A chosen teammate's "@Name" goes into the
// text, and `onChoose` tells the form whom it may mention.

interface Props {
  label: string;
  name: string;
  rows: number;
  maxLength: number;
  required?: boolean;
  team: Teammate[];
  onChoose: (teammate: Teammate) => void;
}

export function MentionField({ label, name, rows, maxLength, required, team, onChoose }: Props) {
  const id = useId();
  const { getValues, setValue } = useFormContext();
  const area = useRef<HTMLTextAreaElement | null>(null);
  const [typed, setTyped] = useState<Typed | null>(null);
  const [active, setActive] = useState(0);
  // Escape closes the list for this "@…" until something else is typed.
  const [dismissed, setDismissed] = useState<string | null>(null);
  const offered = typed ? matching(team, typed.query) : [];
  const key = typed ? `${typed.at}:${typed.query}` : null;
  const open = offered.length > 0 && key !== dismissed;
  const listId = `${id}-teammates`;
  const optionId = (i: number) => `${id}-teammate-${i}`;

  /** Reads what is being typed at the caret, after every change of the text or of the caret. */
  const look = () => {
    const element = area.current;
    if (!element) return;
    const next = element.selectionStart === element.selectionEnd ? typedAt(element.value, element.selectionStart) : null;
    if (next?.at !== typed?.at || next?.query !== typed?.query) {
      setTyped(next);
      setActive(0);
    }
  };

  const choose = (teammate: Teammate) => {
    const element = area.current;
    if (!element || !typed) return;
    const done = insertMention(String(getValues(name) ?? ""), typed, element.selectionStart, teammate);
    setValue(name, done.text, { shouldDirty: true });
    element.focus();
    element.setSelectionRange(done.caret, done.caret);
    setTyped(null);
    onChoose(teammate);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (i + step + offered.length) % offered.length);
    } else if ((event.key === "Enter" || event.key === "Tab") && !event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      choose(offered[Math.min(active, offered.length - 1)]!);
    } else if (event.key === "Escape") {
      // Closes the list only: a dialog around the form stays open.
      event.preventDefault();
      event.stopPropagation();
      setDismissed(key);
    }
  };

  return (
    <MarkdownField
      label={label}
      name={name}
      rows={rows}
      required={required}
      maxLength={maxLength}
      textarea={{
        textareaRef: (element) => {
          area.current = element;
        },
        "aria-autocomplete": "list",
        "aria-controls": open ? listId : undefined,
        "aria-activedescendant": open ? optionId(Math.min(active, offered.length - 1)) : undefined,
        "aria-describedby": `${id}-how`,
        onKeyDown,
        onInput: look,
        onSelect: look,
        onBlur: () => setTyped(null),
      }}
      below={
        <>
          <p id={`${id}-how`} className="hint">
            Type @ and a name to mention a teammate: they are told, and follow the post.
          </p>
          <p className="visually-hidden" aria-live="polite">
            {open ? `${offered.length} ${offered.length === 1 ? "teammate matches" : "teammates match"}: up and down to choose, Enter to mention.` : ""}
          </p>
          {open && (
            <div
              id={listId}
              role="listbox"
              className="mention-options"
              aria-label="Teammates to mention"
              // Right under the text area, over the hint and what follows.
              style={{ top: area.current ? area.current.offsetTop + area.current.offsetHeight + 2 : undefined }}
            >
              {offered.map((m, i) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the text area's, which keeps focus and points here (aria-activedescendant)
                <div
                  key={m.id}
                  id={optionId(i)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={i === active}
                  // The text area keeps focus (and its caret) while the option is pressed.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(m)}
                  onMouseEnter={() => setActive(i)}
                >
                  {m.name}
                </div>
              ))}
            </div>
          )}
        </>
      }
    />
  );
}

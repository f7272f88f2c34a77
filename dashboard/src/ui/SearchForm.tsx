import { useId } from "react";
import { useSearchParams } from "react-router";
import { z } from "zod";
import { ApiForm } from "./form/ApiForm.js";
import { trimmed } from "./form/fields.js";
import { useApiForm } from "./form/useApiForm.js";

// A search box that submits on Enter (the address keeps the words, so a search can be shared).
// The lists it searches (end users, companies) take up to 200 characters (their `q`).

const searchSchema = z.object({ q: trimmed(200) });

/** The words searched, kept in the address (`?q=`), and a new search. */
export function useAddressSearch(): { q: string; search: (q: string) => void } {
  const [params, setParams] = useSearchParams();
  return { q: params.get("q") ?? "", search: (q) => setParams(q ? { q } : {}) };
}

export function SearchForm({ label, value, onSearch, placeholder }: { label: string; value: string; onSearch: (q: string) => void; placeholder?: string }) {
  // `values`: the box follows the address (back, a link, a cleared search).
  const form = useApiForm(searchSchema, { values: { q: value } });
  const id = useId();
  return (
    <search>
      <ApiForm form={form} onSubmit={({ q }) => onSearch(q)} className="inline-form">
        <label htmlFor={id}>{label}</label>
        <input id={id} type="search" maxLength={200} placeholder={placeholder} {...form.register("q")} />
        <button type="submit" className="secondary">
          Search
        </button>
      </ApiForm>
    </search>
  );
}

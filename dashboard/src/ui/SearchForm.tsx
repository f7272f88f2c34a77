import { useId } from "react";
import { useSearchParams } from "react-router";
import { ApiForm } from "./form/ApiForm.js";
import { searchedWords, useSearchForm } from "./form/useSearchForm.js";

// A search box that submits on Enter (the address keeps the words, so a search can be shared).
// The lists it searches (end users, companies) take up to 200 characters (their `q`).

/** The words searched, kept in the address (`?q=`), and a new search. */
export function useAddressSearch(): { q: string; search: (q: string) => void } {
  const [params, setParams] = useSearchParams();
  return { q: params.get("q") ?? "", search: (q) => setParams(q ? { q } : {}) };
}

export function SearchForm({ label, value, onSearch, placeholder }: { label: string; value: string; onSearch: (q: string) => void; placeholder?: string }) {
  // `values`: the box follows the address (back, a link, a cleared search).
  const form = useSearchForm(value);
  const id = useId();
  return (
    <search>
      <ApiForm form={form} onSubmit={(values) => onSearch(searchedWords(values))} className="inline-form">
        <label htmlFor={id}>{label}</label>
        <input id={id} type="search" maxLength={200} placeholder={placeholder} {...form.register("q")} />
        <button type="submit" className="secondary">
          Search
        </button>
      </ApiForm>
    </search>
  );
}

import { type FormEvent, useId } from "react";

// A search box that submits on Enter (the address keeps the words, so a search can be shared).

export function SearchForm({ label, value, onSearch, placeholder }: { label: string; value: string; onSearch: (q: string) => void; placeholder?: string }) {
  const id = useId();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(String(new FormData(event.currentTarget).get("q")).trim());
  };
  return (
    <search>
      <form onSubmit={onSubmit} className="inline-form">
        <label htmlFor={id}>{label}</label>
        <input id={id} type="search" name="q" defaultValue={value} key={value} placeholder={placeholder} />
        <button type="submit" className="secondary">
          Search
        </button>
      </form>
    </search>
  );
}

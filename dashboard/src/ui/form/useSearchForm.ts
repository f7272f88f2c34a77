import { type UseFormReturn, useForm } from "react-hook-form";

// A search box's form: one text field whose only rule, its length, the input's maxLength keeps, so
// it needs no schema. Kept apart from useApiForm so that the inbox and the people lists load
// without zod: their first screen is a list, not a form to check.

export interface SearchValues {
  q: string;
}

/** The form of a search box that follows the address (`q`): the words are trimmed when sent. */
export function useSearchForm(q: string): UseFormReturn<SearchValues> {
  return useForm<SearchValues>({ values: { q } });
}

/** The words of a submitted search, as the lists take them. */
export const searchedWords = ({ q }: SearchValues): string => q.trim();

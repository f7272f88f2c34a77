import { zodResolver } from "@hookform/resolvers/zod";
import { type FieldValues, type UseFormProps, type UseFormReturn, useForm } from "react-hook-form";
import type { z } from "zod";
import { wordsFor } from "./words.js";

// A form checked in the browser by the schema of what the API takes (the area's schemas.ts, built
// on packages/shared/src/bodies), so a person reads the server's rules, in the dashboard's words
// (words.ts), beside the field before anything is sent; what only the server can know (a taken
// slug, a wrong password) comes back as a problem (problem.ts).

/** A schema from the form's values (what the inputs hold) to the request's body. */
export type FormSchema = z.ZodType<unknown, FieldValues>;

export type ApiFormOf<S extends FormSchema> = UseFormReturn<z.input<S>, unknown, z.output<S>>;

export function useApiForm<S extends FormSchema>(schema: S, options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, "resolver"> = {}): ApiFormOf<S> {
  return useForm<z.input<S>, unknown, z.output<S>>({ resolver: zodResolver(schema, { error: wordsFor(schema) }), ...options });
}

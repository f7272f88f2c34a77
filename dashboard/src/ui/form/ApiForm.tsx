import type { BaseSyntheticEvent, ComponentProps } from "react";
import { type FieldValues, FormProvider, type UseFormReturn } from "react-hook-form";
import { type ProblemOptions, showProblem } from "./problem.js";

// A form of the dashboard: checked by its schema before it is sent (the browser's own checks are
// off, so every message is the server's), its submit button disabled while the request runs (the
// returned promise), and a refusal put on its fields.

interface Props<T extends FieldValues, O> extends Omit<ComponentProps<"form">, "onSubmit">, ProblemOptions<T> {
  form: UseFormReturn<T, unknown, O>;
  /** Sends the checked values: a promise (a mutation's `mutateAsync`) whose refusal the form shows. */
  onSubmit: (values: O, event?: BaseSyntheticEvent) => unknown;
}

export function ApiForm<T extends FieldValues, O>({ form, onSubmit, fields, describe, words, fallback, children, ...props }: Props<T, O>) {
  const submit = form.handleSubmit(async (values, event) => {
    try {
      await onSubmit(values, event);
    } catch (error) {
      showProblem(form, error, { fields, describe, words, fallback });
    }
  });
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={submit} {...props}>
        {children}
      </form>
    </FormProvider>
  );
}

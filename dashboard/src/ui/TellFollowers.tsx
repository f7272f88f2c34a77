import type { ComponentProps } from "react";
import { useFormContext } from "react-hook-form";

// "Tell the N people who follow": the choice every write that announces asks for before it sends
// (`notify`), with N from the server (a post's or an entry's `followerCount`, a bulk preview).
// Nobody to tell, it says so instead of offering a choice that does nothing.

type Input = Omit<ComponentProps<"input">, "type" | "children" | "name">;

export function tellLabel(count: number): string {
  return count === 1 ? "Tell the 1 person who follows" : `Tell the ${count.toLocaleString()} people who follow`;
}

interface Props extends Input {
  count: number | undefined;
  /** What to say when nobody follows. */
  nobody: string;
}

/** The checkbox, with `count` known; while it is not yet, a quiet line. */
export function TellFollowers({ count, nobody, ...input }: Props) {
  if (count === undefined) return <p className="hint">Counting who follows…</p>;
  if (count === 0) return <p className="hint">{nobody}</p>;
  return (
    <label className="choice">
      <input type="checkbox" {...input} /> {tellLabel(count)}
    </label>
  );
}

/** The same, as the field `notify` of the form around it. */
export function TellFollowersField({ count, nobody }: { count: number | undefined; nobody: string }) {
  const { register } = useFormContext();
  if (count === undefined || count === 0) return <TellFollowers count={count} nobody={nobody} />;
  return (
    <label className="choice">
      <input type="checkbox" {...register("notify")} /> {tellLabel(count)}
    </label>
  );
}

/** What the answer's `notified` says was done. */
export function toldLine(notified: number): string {
  return notified === 0 ? "Nobody is mailed." : notified === 1 ? "1 person is mailed." : `${notified.toLocaleString()} people are mailed.`;
}

import { expect, it } from "vitest";

it("passes", () => expect(1).toBe(1));
it("passes again", () => expect(2).toBe(2));
it.skip("is skipped on purpose", () => {});

import { it } from "vitest";

throw new Error("this file does not load");
it("is never collected", () => {});

import { it } from "vitest";

throw new Error("this file does not load");
// biome-ignore lint/correctness/noUnreachable: the point of this fixture
it("is never collected", () => {});

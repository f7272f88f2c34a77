import { BoardsSection } from "./boards/BoardsSection.js";
import { StatusesSection } from "./boards/StatusesSection.js";
import { TagsSection } from "./boards/TagsSection.js";

// Settings → Boards: the shape of the feedback itself: boards, the statuses posts move through,
// and the team's tags.

export function Boards() {
  return (
    <section>
      <h1>Boards, statuses and tags</h1>
      <BoardsSection />
      <StatusesSection />
      <TagsSection />
    </section>
  );
}

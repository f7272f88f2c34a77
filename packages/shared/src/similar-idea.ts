/** One of the portal's similar ideas (`/p/{workspace}/similar?q=`), as its new-idea form reads it. */
export interface SimilarIdea {
  id: string;
  title: string;
  url: string;
  /** The vote count in words ("12 votes"). */
  votes: string;
  voteCount: number;
  viewerHasVoted: boolean;
}

-- The leaderboard's "not ranked yet" list: listed experts with 1 to 19 graded picks in a window and
-- sport, most graded picks first. Read from this index, not a scan of every standings row.
CREATE INDEX IF NOT EXISTS expert_standings_unranked_idx
  ON expert_standings ("window", category_id, sample DESC NULLS LAST, profit DESC NULLS LAST, expert_id)
  WHERE wins + losses + pushes BETWEEN 1 AND 19 AND listed;

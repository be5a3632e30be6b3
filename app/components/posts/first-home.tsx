/**
 * What a reader's feed shows before it has a post: experts to follow (their verified record on
 * each card, Follow in one tap), the leaderboard's top and the best free posts of the last weeks.
 */
import { Rss } from "~/components/ui/icons";
import { ExpertCard } from "~/components/experts/expert-card";
import { LeaderboardAside } from "~/components/layout/page-aside";
import { Link } from "~/components/ui/link";
import type { FirstHome as FirstHomeData } from "~/modules/experts/first-home.server";
import { PostCard } from "./post-card";

export function FirstHome({ home }: { home: FirstHomeData }) {
  return (
    <div className="space-y-8">
      <div className="flex gap-3 rounded-xl border border-brand-100 bg-brand-50 p-4 text-sm text-slate-700">
        <Rss className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
        <p>
          <strong className="text-slate-900">Your feed starts here.</strong> Follow experts (it is free) and their posts
          and picks land here, newest first. Every record below is graded from the results, not by the expert.
        </p>
      </div>

      <section aria-labelledby="first-home-experts">
        <div className="flex items-baseline justify-between gap-3">
          <h2 id="first-home-experts" className="text-lg font-bold text-slate-900">
            Experts to follow
          </h2>
          <Link to="/discover-experts" className="text-sm font-semibold text-brand-700 hover:underline">
            All experts
          </Link>
        </div>
        {home.experts.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">You already follow every expert we would suggest.</p>
        ) : (
          <ul className="mt-3 grid gap-4 sm:grid-cols-2">
            {home.experts.map((expert) => (
              <li key={expert.id}>
                <ExpertCard expert={expert} signedIn isOwner={false} subscription={null} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <LeaderboardAside rows={home.leaders} />

      <section aria-labelledby="first-home-posts">
        <h2 id="first-home-posts" className="text-lg font-bold text-slate-900">
          Free posts worth reading
        </h2>
        {home.freePosts.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">No free posts in the last two weeks.</p>
        ) : (
          <ul className="mt-3 space-y-4">
            {home.freePosts.map((post) => (
              <li key={post.id}>
                <PostCard post={post} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

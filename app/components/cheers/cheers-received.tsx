/**
 * The Cheers an expert received, on /business (decision 024): who, how much, their message and
 * when, newest first; the first page comes with the page, more from `GET /api/business/cheers`.
 */
import { useTimeZone } from "~/components/time/time-zone";
import { formatTime } from "~/modules/time/clock";
import { ProxiedImage } from "~/components/ui/proxied-image";
import { ShowMore, useMorePages } from "~/components/ui/use-more-pages";
import { CHEERS_PAGE_SIZE } from "~/modules/cheers/cheer-schema";
import type { CheerDTO } from "~/modules/cheers/cheers.server";
import { formatUsdPlain } from "~/modules/money/money";

export const NO_CHEERS =
  "No Cheers yet. Followers and subscribers can send you a tip with a message from your public page.";

const nameOf = (person: CheerDTO["from"]) => `${person.firstName} ${person.lastName}`.trim() || person.userName;

export function CheersReceived({ initialItems, totalPages }: { initialItems: CheerDTO[]; totalPages: number }) {
  const timeZone = useTimeZone();
  const more = useMorePages({ initialItems, totalPages, list: "/lists/cheers", pageSize: CHEERS_PAGE_SIZE });
  if (more.items.length === 0) return <p className="text-sm text-slate-600">{NO_CHEERS}</p>;
  return (
    <>
      <ul ref={more.listRef} className="divide-y divide-slate-100" aria-label="Cheers received">
        {more.items.map((cheer) => (
          <li key={cheer.id} data-item-id={cheer.id} tabIndex={-1} className="flex items-start gap-3 py-3">
            <ProxiedImage
              src={cheer.from.avatar}
              width={40}
              height={40}
              className="size-10 shrink-0 rounded-full"
              loading="lazy"
            />
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="truncate font-semibold text-slate-900">{nameOf(cheer.from)}</span>
                <strong className="shrink-0 text-brand-700">
                  {`$${formatUsdPlain(cheer.amount)}`}
                  {cheer.isFree ? <span className="ml-1 text-xs font-normal text-slate-500">(free)</span> : null}
                </strong>
              </p>
              <p className="truncate text-sm text-slate-500">
                @{cheer.from.userName} ·{" "}
                <time dateTime={cheer.createdAt}>{formatTime(cheer.createdAt, timeZone, "day")}</time>
              </p>
              {cheer.message ? (
                <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-800">{`“${cheer.message}”`}</p>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <ShowMore {...more.showMore} label="Show more Cheers" />
    </>
  );
}

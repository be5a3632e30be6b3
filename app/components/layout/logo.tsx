import { Link } from "~/components/ui/link";
import type { MouseEvent } from "react";

/** The wordmark; always a link home. `onClick` lets verification pages sign out first. */
export function Logo({
  appName,
  onClick,
}: {
  appName: string;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  return (
    <Link
      to="/"
      onClick={onClick}
      className="flex items-center gap-2 rounded-md text-white"
      aria-label={`${appName} home`}
    >
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#10b981" />
        <path
          d="M9 21.5c1.6 1.3 3.9 2 6.4 2 3.6 0 6-1.7 6-4.3 0-5.4-10.4-3.3-10.4-7 0-1.2 1.3-2 3.3-2 1.7 0 3.3.5 4.6 1.4"
          fill="none"
          stroke="#0b1220"
          strokeWidth="2.6"
          strokeLinecap="round"
        />
      </svg>
      <span className="text-[15px] font-extrabold tracking-[0.08em] max-[374px]:sr-only sm:text-lg sm:tracking-[0.18em]">
        {appName.toUpperCase()}
      </span>
    </Link>
  );
}

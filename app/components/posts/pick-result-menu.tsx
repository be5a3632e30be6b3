/** The author's "Grade pick" menu (Radix), fetched only where it shows (see PickResultControl in post-actions.tsx). */
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { ChevronDown, Gavel } from "~/components/ui/icons";
import type { PickResult } from "~/modules/posts/post-serializer.server";
import { PICK_RESULTS } from "~/modules/record/pick-basics";

const menuItemClass =
  "flex w-full cursor-pointer select-none items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900";

export default function PickResultMenu({
  onGrade,
  className,
}: {
  onGrade: (result: PickResult) => void;
  className: string;
}) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={className}>
        <Gavel className="size-4" aria-hidden="true" />
        Grade pick
        <ChevronDown className="size-4" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-40 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          <DropdownMenu.Label className="px-3 pb-1.5 pt-1 text-xs font-semibold uppercase tracking-wide text-slate-500">
            Result
          </DropdownMenu.Label>
          {PICK_RESULTS.map((result) => (
            <DropdownMenu.Item key={result} className={menuItemClass} onSelect={() => onGrade(result)}>
              {result}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

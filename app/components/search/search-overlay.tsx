/** The header search as a full-width overlay under the large breakpoint, fetched on its first opening (see header-search.tsx). */
import * as Dialog from "@radix-ui/react-dialog";
import { Search, X } from "~/components/ui/icons";
import { useRef } from "react";
import { SEARCH_TRIGGER_CLASS, SearchCombobox } from "./search-combobox";
import { IconTip } from "~/components/ui/icon-tip";

export function SearchOverlay({ open, setOpen }: { open: boolean; setOpen: (open: boolean) => void }) {
  const overlayInputRef = useRef<HTMLInputElement>(null);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={SEARCH_TRIGGER_CLASS} aria-label="Search">
        <Search className="size-5" aria-hidden="true" />
        <IconTip label="Search" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/60 lg:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          data-testid="search-overlay"
          className="fixed inset-x-0 top-0 z-50 lg:hidden"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            overlayInputRef.current?.focus();
          }}
        >
          <Dialog.Title className="sr-only">Search</Dialog.Title>
          <SearchCombobox
            variant="overlay"
            inputId="header-search-mobile"
            inputRef={overlayInputRef}
            trailing={
              <Dialog.Close
                className="relative rounded-md p-2 text-slate-200 hover:bg-white/10"
                aria-label="Close search"
              >
                <X className="size-5" aria-hidden="true" />
                <IconTip label="Close search" />
              </Dialog.Close>
            }
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

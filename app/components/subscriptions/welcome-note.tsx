/**
 * The expert's welcome, on a new subscriber's first visit to one of the expert's pages since
 * subscribing (the server gives it once). It stays until closed, even when the page's data reloads.
 */
import { useEffect, useState } from "react";
import { X } from "~/components/ui/icons";

export interface Welcome {
  expertName: string;
  message: string;
}

export function WelcomeNote({ welcome }: { welcome: Welcome | null }) {
  const [shown, setShown] = useState(welcome);
  useEffect(() => {
    if (welcome) setShown(welcome);
  }, [welcome]);
  if (!shown) return null;
  return (
    <section
      aria-labelledby="welcome-note-heading"
      className="mx-auto mb-6 max-w-content rounded-2xl border border-brand-200 bg-brand-50 p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id="welcome-note-heading" className="font-bold text-slate-900">
          A welcome from {shown.expertName}
        </h2>
        <button
          type="button"
          onClick={() => setShown(null)}
          aria-label="Close the welcome"
          className="-m-1 rounded-full p-1 text-slate-500 hover:bg-white hover:text-slate-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </div>
      <p className="mt-2 whitespace-pre-line text-sm text-slate-700">{shown.message}</p>
    </section>
  );
}

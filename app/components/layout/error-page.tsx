import { ButtonLink } from "~/components/ui/button";

/** product.md "Screens and routes": the error page's texts by status. */
export function errorPageText(status: number): { title: string; message: string } {
  if (status === 403) return { title: "Forbidden", message: "You don't have permission to see this content" };
  if (status === 404)
    return { title: "Not found", message: "The link you followed may be broken, or the page may have been removed." };
  return { title: "Error", message: "Internal Server Error" };
}

export function ErrorPage({ status }: { status: number }) {
  const { title, message } = errorPageText(status);
  return (
    <section className="container-page flex min-h-[60vh] flex-col items-center justify-center py-16 text-center">
      <p className="text-6xl font-black tracking-tight text-brand-600" aria-hidden="true">
        {status}
      </p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 max-w-md text-slate-600">{message}</p>
      <ButtonLink variant="ink" size="xl" className="mt-8" to="/">
        Back to home
      </ButtonLink>
    </section>
  );
}

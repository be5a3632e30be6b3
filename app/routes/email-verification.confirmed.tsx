import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BadgeCheck } from "~/components/ui/icons";
import { AuthCard } from "~/components/auth/auth-form";
import { requireConfirmedEmail } from "~/modules/accounts/gates.server";
import { pageMeta } from "~/modules/seo/meta";
import { ButtonLink } from "~/components/ui/button";

export const meta: MetaFunction = ({ matches, location }) => pageMeta({ matches, location }, "Email address verified");

/** product.md "Screens and routes": Done leads an Expert sign-up on to /become-expert, everyone else home. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireConfirmedEmail(request, context);
  return { next: viewer.user.signUpFlow === "Expert" ? "/become-expert" : "/" };
}

export default function EmailConfirmed() {
  const { next } = useLoaderData<typeof loader>();
  return (
    <AuthCard title="Email address verified">
      <div className="flex flex-col items-center text-center">
        <BadgeCheck className="size-12 text-brand-600" aria-hidden="true" />
        <p className="mt-4 text-sm text-slate-600">Thanks for confirming your e-mail address. Your account is ready.</p>
      </div>
      <ButtonLink variant="ink" size="xl" block className="mt-6" to={next}>
        Done
      </ButtonLink>
    </AuthCard>
  );
}

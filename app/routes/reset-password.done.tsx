import type { MetaFunction } from "@remix-run/node";
import { CheckCircle2 } from "~/components/ui/icons";
import { AuthCard } from "~/components/auth/auth-form";
import { pageMeta } from "~/modules/seo/meta";
import { ButtonLink } from "~/components/ui/button";

export const meta: MetaFunction = ({ matches, location }) => pageMeta({ matches, location }, "Password changed");

/** Where a successful password reset lands (product.md "Screens and routes": 'Password changed successfully'). */
export default function PasswordChanged() {
  return (
    <AuthCard title="Password changed successfully">
      <div className="flex flex-col items-center text-center">
        <CheckCircle2 className="size-12 text-brand-600" aria-hidden="true" />
        <p className="mt-4 text-sm text-slate-600">
          Use your new password the next time you sign in. For your safety we signed you out on every device.
        </p>
      </div>
      <ButtonLink variant="ink" size="xl" block className="mt-6" to="/sign-in">
        Sign in
      </ButtonLink>
    </AuthCard>
  );
}

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PolicyPage } from "~/components/content/policy-page";
import { pageMeta } from "~/modules/seo/meta";
import { POLICY_TITLES } from "~/modules/site/policies";
import { policyPageData } from "~/modules/site/policies.server";
import { publicPageHeaders } from "~/web/public-page";

/** The same for every signed-out visitor: the page micro-cache may keep it. */
export const headers = publicPageHeaders;

export const meta: MetaFunction = ({ matches, location }) =>
  pageMeta(
    { matches, location },
    POLICY_TITLES["privacy"],
    "How Sharpside collects, uses and protects your personal information, and the choices you have.",
  );

export const loader = ({ context }: LoaderFunctionArgs) => policyPageData("privacy", context.env);

export default function Privacy() {
  return <PolicyPage data={useLoaderData<typeof loader>()} />;
}

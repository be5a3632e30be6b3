import type { MetaFunction } from "@remix-run/node";
import { useRouteLoaderData } from "@remix-run/react";
import { BarChart3, Ban, HeartHandshake, Newspaper } from "~/components/ui/icons";
import type { ReactNode } from "react";
import type { RootLoaderData } from "~/root";
import { pageMeta } from "~/modules/seo/meta";
import { publicPageHeaders } from "~/web/public-page";
import { ButtonLink } from "~/components/ui/button";

/** The same for every signed-out visitor: the page micro-cache may keep it. */
export const headers = publicPageHeaders;

export const meta: MetaFunction = ({ matches, location }) =>
  pageMeta(
    { matches, location },
    "Partners",
    "Who Sharpside works with: responsible-gambling organisations, sports data providers and media. Sportsbooks are not our partners.",
  );

const PARTNER_KINDS: { icon: ReactNode; title: string; text: string; points: string[] }[] = [
  {
    icon: <HeartHandshake className="size-6" aria-hidden="true" />,
    title: "Responsible-gambling organisations",
    text: "Betting should stay entertainment. We work with problem-gambling helplines and support groups so that help is one click away on every page.",
    points: [
      "The helpline number in our footer, on every page",
      "Training for our support team on spotting harm",
      "Guidance for experts on how to talk about bankroll and risk",
    ],
  },
  {
    icon: <BarChart3 className="size-6" aria-hidden="true" />,
    title: "Sports data providers",
    text: "Schedules, start times and final scores come from licensed data providers. They are what lets us lock a pick when its game starts and grade it when the game ends.",
    points: [
      "Game schedules for every league we cover",
      "Final scores used to grade picks",
      "A record no expert can edit after the fact",
    ],
  },
  {
    icon: <Newspaper className="size-6" aria-hidden="true" />,
    title: "Media and creators",
    text: "Podcasts, newsletters and sports media feature our experts' free analysis and verified records, and bring their audiences a place to follow them.",
    points: [
      "Embeds of free posts and records",
      "Co-hosted live shows and charity events",
      "Early access to new features",
    ],
  },
];

export default function Partners() {
  const root = useRouteLoaderData<RootLoaderData>("root");
  const supportEmail = root?.site.supportEmail;
  return (
    <div className="container-page py-8 lg:py-10">
      <header className="max-w-(--width-content)">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Partners</h1>
        <p className="mt-3 text-lg text-slate-600">
          Sharpside is paid by subscribers, not by bookmakers. We partner with organisations that make sports analysis
          more honest and betting safer.
        </p>
      </header>

      <ul className="mt-8 grid gap-5 lg:grid-cols-3" aria-label="Who we partner with">
        {PARTNER_KINDS.map((kind) => (
          <li key={kind.title} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <span className="flex size-11 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              {kind.icon}
            </span>
            <h2 className="mt-4 text-lg font-bold">{kind.title}</h2>
            <p className="mt-2 text-slate-600">{kind.text}</p>
            <ul className="mt-4 list-disc space-y-1.5 pl-5 text-sm text-slate-700 marker:text-brand-600">
              {kind.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>

      <section
        aria-labelledby="not-partners"
        className="mt-10 flex max-w-(--width-content) gap-4 rounded-2xl border border-amber-200 bg-amber-50 p-6"
      >
        <Ban className="mt-1 size-6 shrink-0 text-amber-700" aria-hidden="true" />
        <div>
          <h2 id="not-partners" className="text-lg font-bold text-slate-900">
            Why sportsbooks are not our partners
          </h2>
          <p className="mt-2 text-slate-700">
            Sharpside is not a gambling site and takes no money from sportsbooks: no affiliate links, no sign-up
            bonuses, no paid placement. An expert who earns from your losses at a bookmaker has a reason to sell you bad
            picks. Our experts earn only when subscribers find their analysis worth paying for.
          </p>
        </div>
      </section>

      <section
        aria-labelledby="work-with-us"
        className="mt-10 overflow-hidden rounded-2xl bg-ink px-6 py-10 text-white sm:px-10"
      >
        <h2 id="work-with-us" className="text-2xl font-extrabold">
          Work with us
        </h2>
        <div className="mt-6 grid gap-8 md:grid-cols-2">
          <div>
            <h3 className="font-semibold text-brand-500">Handicappers and analysts</h3>
            <p className="mt-2 text-slate-300">
              Open a business page, set your price and get paid by your subscribers directly.
            </p>
            <ButtonLink variant="primaryPale" size="lg" className="mt-4 inline-block" to="/become-partner">
              Become an expert
            </ButtonLink>
          </div>
          <div>
            <h3 className="font-semibold text-brand-500">Organisations and media</h3>
            <p className="mt-2 text-slate-300">
              Tell us who you are and what you have in mind{supportEmail ? ` at ${supportEmail}` : ""}, or ask us to
              call you.
            </p>
            <ButtonLink variant="secondaryOnDark" size="lg" className="mt-4 inline-block" to="/contacts">
              Contact us
            </ButtonLink>
          </div>
        </div>
      </section>
    </div>
  );
}

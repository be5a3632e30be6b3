import { Link } from "~/components/ui/link";
import { FOOTER_LINKS, SOCIAL_LINKS } from "~/modules/site/site";
import { SocialIcon } from "./social-icon";

export function Footer({ appName, helpline }: { appName: string; helpline: string }) {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="container-page flex flex-col gap-6 py-8 md:flex-row md:items-center md:justify-between">
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium text-slate-700">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-brand-700 hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <ul className="flex gap-3" aria-label="Social media">
          {SOCIAL_LINKS.map((link) => (
            <li key={link.label}>
              <a
                href={link.href}
                target="_blank"
                rel="nofollow noopener noreferrer"
                aria-label={`${appName} on ${link.label}`}
                className="footer-social"
              >
                <SocialIcon name={link.label} />
              </a>
            </li>
          ))}
        </ul>
      </div>
      <div className="bg-ink text-slate-300">
        <div className="container-page py-4 text-xs leading-relaxed" role="note" aria-label="Responsible gambling">
          <p>
            <strong className="text-white">{`${appName} is not a gambling site.`}</strong> We do not accept bets or
            wagers of any kind; experts share analysis and opinions for entertainment and information. You must be of
            legal age to bet where you live. If you or someone you know has a gambling problem, call{" "}
            <a href={`tel:${helpline.replace(/[^\d+A-Z]/gi, "")}`} className="font-semibold text-white underline">
              {helpline}
            </a>
            .
          </p>
          <p className="mt-2 text-slate-400">
            {`© ${new Date().getFullYear()} ${appName}. Emoji graphics: `}
            <a
              href="https://github.com/jdecked/twemoji"
              className="underline hover:text-white"
              rel="noopener noreferrer"
            >
              Twemoji
            </a>
            , CC-BY 4.0.
          </p>
        </div>
      </div>
    </footer>
  );
}

/**
 * The app's icons (lucide's drawings), each an `<svg>` that uses its symbol in the icon sprite
 * (icon-sprite.svg, built from this file's list by `npm run icons`) rather than carrying its
 * paths: a page with 30 icons is 9 kB lighter. Stroke, fill and size come from the `.lucide` rule
 * in app.css, which a utility class (`size-4`, `fill-current`) overrides.
 */
import { createElement, forwardRef, type ForwardRefExoticComponent, type RefAttributes, type SVGProps } from "react";
import spriteUrl from "./icon-sprite.svg?url";

export type IconProps = Omit<SVGProps<SVGSVGElement>, "ref" | "children">;
export type IconType = ForwardRefExoticComponent<IconProps & RefAttributes<SVGSVGElement>>;

/**
 * A page renders dozens of icons: each one's `<use>` is made once, and its attributes are copied
 * in one loop (a rest pattern and a spread cost each icon a second copy of its props).
 */
function spriteIcon(id: string): IconType {
  const use = <use href={`${spriteUrl}#${id}`} />;
  const Icon = forwardRef<SVGSVGElement, IconProps>((props, ref) => {
    const attributes: Record<string, unknown> = { ref, "aria-hidden": true };
    for (const key in props) {
      if (key === "className") continue;
      // An icon is decoration unless it is given a name of its own.
      if (key === "role" || key.startsWith("aria-")) attributes["aria-hidden"] = undefined;
      attributes[key] = props[key as keyof IconProps];
    }
    attributes.className = props.className ? `lucide ${props.className}` : "lucide";
    return createElement("svg", attributes, use);
  });
  Icon.displayName = `Icon(${id})`;
  return Icon;
}

export const ArrowRight = spriteIcon("arrow-right");
export const ArrowUp = spriteIcon("arrow-up");
export const Award = spriteIcon("award");
export const BadgeCheck = spriteIcon("badge-check");
export const Ban = spriteIcon("ban");
export const BarChart3 = spriteIcon("chart-column");
export const Bell = spriteIcon("bell");
export const BellRing = spriteIcon("bell-ring");
export const Bold = spriteIcon("bold");
export const Briefcase = spriteIcon("briefcase");
export const CalendarClock = spriteIcon("calendar-clock");
export const CalendarDays = spriteIcon("calendar-days");
export const Camera = spriteIcon("camera");
export const Check = spriteIcon("check");
export const CheckCircle2 = spriteIcon("circle-check");
export const ChevronDown = spriteIcon("chevron-down");
export const ChevronLeft = spriteIcon("chevron-left");
export const ChevronRight = spriteIcon("chevron-right");
export const CircleAlert = spriteIcon("circle-alert");
export const ClipboardCheck = spriteIcon("clipboard-check");
export const Compass = spriteIcon("compass");
export const CreditCard = spriteIcon("credit-card");
export const DollarSign = spriteIcon("dollar-sign");
export const ExternalLink = spriteIcon("external-link");
export const Eye = spriteIcon("eye");
export const FileText = spriteIcon("file-text");
export const Gavel = spriteIcon("gavel");
export const Heading1 = spriteIcon("heading1");
export const Heading2 = spriteIcon("heading2");
export const Heart = spriteIcon("heart");
export const HeartHandshake = spriteIcon("heart-handshake");
export const ImageIcon = spriteIcon("image");
export const ImagePlus = spriteIcon("image-plus");
export const Italic = spriteIcon("italic");
export const LayoutGrid = spriteIcon("layout-grid");
export const Link = spriteIcon("link");
export const List = spriteIcon("list");
export const ListOrdered = spriteIcon("list-ordered");
export const Loader2 = spriteIcon("loader-circle");
export const LoaderCircle = spriteIcon("loader-circle");
export const Lock = spriteIcon("lock");
export const LogOut = spriteIcon("log-out");
export const Mail = spriteIcon("mail");
export const MailCheck = spriteIcon("mail-check");
export const MailOpen = spriteIcon("mail-open");
export const MailWarning = spriteIcon("mail-warning");
export const MapPin = spriteIcon("map-pin");
export const Menu = spriteIcon("menu");
export const MessageCircle = spriteIcon("message-circle");
export const MonitorPlay = spriteIcon("monitor-play");
export const VideoIcon = spriteIcon("video");
export const Newspaper = spriteIcon("newspaper");
export const PanelLeftClose = spriteIcon("panel-left-close");
export const PanelLeftOpen = spriteIcon("panel-left-open");
export const PartyPopper = spriteIcon("party-popper");
export const PenSquare = spriteIcon("square-pen");
export const Pencil = spriteIcon("pencil");
export const Phone = spriteIcon("phone");
export const Pilcrow = spriteIcon("pilcrow");
export const Plus = spriteIcon("plus");
export const Quote = spriteIcon("quote");
export const Receipt = spriteIcon("receipt");
export const RotateCcw = spriteIcon("rotate-ccw");
export const Rss = spriteIcon("rss");
export const Search = spriteIcon("search");
export const SearchX = spriteIcon("search-x");
export const Send = spriteIcon("send");
export const ShieldCheck = spriteIcon("shield-check");
export const Smile = spriteIcon("smile");
export const Star = spriteIcon("star");
export const Trash2 = spriteIcon("trash2");
export const Trophy = spriteIcon("trophy");
export const Undo2 = spriteIcon("undo2");
export const UserRound = spriteIcon("user-round");
export const Users = spriteIcon("users");
export const X = spriteIcon("x");

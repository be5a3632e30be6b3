/**
 * The demo's pictures, drawn as SVG (rendered to WebP by pictures.server.ts): portrait-style
 * avatars, expert page covers and post covers in the two sides' colours over their sport's field
 * markings, with the sport's ball as an emblem. No text (fonts differ between machines) and no
 * randomness beyond a hash of the name: the same name always makes the same picture.
 */

export function hashOf(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  // Mixed, so that names alike ("beard:sam.k", "beard:sam.j") still choose apart.
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b) >>> 0;
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35) >>> 0;
  return (hash ^ (hash >>> 16)) >>> 0;
}

/** A stable choice from `list` for `key` and a salt (several independent choices per name). */
const choose = <T>(list: readonly T[], key: string, salt: string): T => list[hashOf(`${salt}:${key}`) % list.length];

const SKIN = ["#f3d2b8", "#eabf9b", "#d9a27c", "#c08660", "#a0674a", "#7b4a33", "#5e3a28"];
const HAIR = ["#1c1714", "#2f2119", "#4a3122", "#6d4527", "#9a6a3a", "#c9a76a", "#7d7d7d"];
const SHIRTS = [
  "#1e3a8a",
  "#0f766e",
  "#334155",
  "#7c2d12",
  "#14532d",
  "#4c1d95",
  "#0c4a6e",
  "#f8fafc",
  "#111827",
  "#9f1239",
];
const BACKDROPS: [string, string][] = [
  ["#cbd5e1", "#64748b"],
  ["#bae6fd", "#0369a1"],
  ["#d9f99d", "#3f6212"],
  ["#fde68a", "#b45309"],
  ["#fbcfe8", "#9d174d"],
  ["#c7d2fe", "#3730a3"],
  ["#a7f3d0", "#047857"],
  ["#e7e5e4", "#57534e"],
];

/** Darker or lighter by `amount` (-1 … 1). */
export function shade(hex: string, amount: number): string {
  const value = parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = (value >> shift) & 255;
    const next = amount < 0 ? c * (1 + amount) : c + (255 - c) * amount;
    return Math.round(Math.max(0, Math.min(255, next)))
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

export type HairStyle = "short" | "long" | "bun" | "buzz";

/**
 * A head-and-shoulders portrait in soft light: skin, hair, clothes and backdrop chosen from the
 * name; `hair` says whether the person wears their hair long.
 */
export function portraitSvg(name: string, hair: "long" | "short", size = 256): string {
  const skin = choose(SKIN, name, "skin");
  const hairColor = choose(HAIR, name, "hair");
  const shirt = choose(SHIRTS, name, "shirt");
  const [light, dark] = choose(BACKDROPS, name, "backdrop");
  const style: HairStyle =
    hair === "long"
      ? choose(["long", "long", "bun"] as const, name, "style")
      : choose(["short", "short", "buzz"] as const, name, "style");
  const beard = hair === "short" && hashOf(`beard:${name}`) % 3 === 0;
  const glasses = hashOf(`glasses:${name}`) % 5 === 0;
  const bokeh = Array.from({ length: 7 }, (_, i) => {
    const h = hashOf(`bokeh:${i}:${name}`);
    return `<circle cx="${h % 256}" cy="${(h >> 8) % 150}" r="${14 + ((h >> 16) % 26)}" fill="#fff" opacity="${(0.08 + ((h >> 20) % 10) / 60).toFixed(2)}"/>`;
  }).join("");
  const skinDark = shade(skin, -0.18);
  const hairTop = `<path d="M82 112 C78 62 108 46 130 47 C158 48 180 66 175 112 C168 86 152 74 128 74 C104 74 90 86 82 112 Z" fill="${hairColor}"/>`;
  const hairBack =
    style === "long"
      ? `<path d="M76 112 C70 56 108 40 128 41 C152 41 186 58 180 114 L188 200 C170 212 150 204 146 190 L110 190 C104 204 84 212 68 200 Z" fill="${shade(hairColor, -0.1)}"/>`
      : style === "bun"
        ? `<circle cx="128" cy="44" r="20" fill="${hairColor}"/>`
        : "";
  const top =
    style === "buzz"
      ? `<path d="M84 104 C84 66 108 54 128 54 C150 54 172 66 172 104 C164 84 150 76 128 76 C106 76 92 84 84 104 Z" fill="${hairColor}" opacity="0.85"/>`
      : hairTop;
  const beardPath = beard
    ? `<path d="M86 122 C88 166 112 176 128 176 C144 176 168 166 170 122 C162 148 148 158 128 158 C108 158 94 148 86 122 Z" fill="${hairColor}" opacity="0.92"/>`
    : "";
  const specs = glasses
    ? `<g fill="none" stroke="#1f2937" stroke-width="3"><rect x="96" y="102" width="26" height="20" rx="7"/><rect x="134" y="102" width="26" height="20" rx="7"/><path d="M122 110 h12"/></g>`
    : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 256 256">
<defs>
<radialGradient id="bg" cx="0.3" cy="0.25" r="0.95"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></radialGradient>
<radialGradient id="face" cx="0.38" cy="0.35" r="0.75"><stop offset="0" stop-color="${shade(skin, 0.12)}"/><stop offset="1" stop-color="${skinDark}"/></radialGradient>
<linearGradient id="shirt" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(shirt, 0.15)}"/><stop offset="1" stop-color="${shade(shirt, -0.25)}"/></linearGradient>
<filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="7"/></filter>
</defs>
<rect width="256" height="256" fill="url(#bg)"/>
<g filter="url(#soft)">${bokeh}</g>
${hairBack}
<path d="M22 256 C30 204 76 184 128 184 C180 184 226 204 234 256 Z" fill="url(#shirt)"/>
<path d="M108 184 L128 214 L148 184 Z" fill="${skinDark}"/>
<rect x="108" y="146" width="40" height="44" rx="16" fill="${skinDark}"/>
<ellipse cx="84" cy="118" rx="8" ry="13" fill="${skinDark}"/>
<ellipse cx="172" cy="118" rx="8" ry="13" fill="${skinDark}"/>
<ellipse cx="128" cy="112" rx="44" ry="54" fill="url(#face)"/>
${beardPath}
${top}
<g fill="${shade(hairColor, -0.2)}"><rect x="100" y="98" width="20" height="4" rx="2"/><rect x="136" y="98" width="20" height="4" rx="2"/></g>
<g fill="#1f2937"><ellipse cx="110" cy="112" rx="4" ry="4.6"/><ellipse cx="146" cy="112" rx="4" ry="4.6"/></g>
<path d="M128 116 q-6 14 1 17" fill="none" stroke="${shade(skin, -0.3)}" stroke-width="2.5" stroke-linecap="round"/>
<path d="M114 142 q14 10 28 0" fill="none" stroke="${shade(skin, -0.45)}" stroke-width="3.2" stroke-linecap="round"/>
${specs}
<rect width="256" height="256" fill="url(#bg)" opacity="0.08"/>
</svg>`;
}

type Lines = string;

/** Each sport's field markings in a 1200×630 frame, as white strokes. */
function fieldLines(sport: string): Lines {
  switch (sport) {
    case "NBA":
    case "NCAAB":
      return `<rect x="60" y="40" width="1080" height="550"/><line x1="600" y1="40" x2="600" y2="590"/><circle cx="600" cy="315" r="70"/><circle cx="600" cy="315" r="22"/>
<rect x="60" y="235" width="220" height="160"/><circle cx="280" cy="315" r="70"/><path d="M60 90 H200 A240 240 0 0 1 200 540 H60"/><circle cx="112" cy="315" r="12"/>
<rect x="920" y="235" width="220" height="160"/><circle cx="920" cy="315" r="70"/><path d="M1140 90 H1000 A240 240 0 0 0 1000 540 H1140"/><circle cx="1088" cy="315" r="12"/>`;
    case "NFL":
    case "NCAAF": {
      const yards = Array.from(
        { length: 11 },
        (_, i) => `<line x1="${140 + i * 92}" y1="60" x2="${140 + i * 92}" y2="570"/>`,
      ).join("");
      const hashes = Array.from(
        { length: 50 },
        (_, i) =>
          `<line x1="${140 + i * 18.4}" y1="240" x2="${140 + i * 18.4}" y2="256"/><line x1="${140 + i * 18.4}" y1="374" x2="${140 + i * 18.4}" y2="390"/>`,
      ).join("");
      return `<rect x="40" y="60" width="1120" height="510"/>${yards}${hashes}`;
    }
    case "NHL":
      return `<rect x="50" y="45" width="1100" height="540" rx="170"/><line x1="600" y1="45" x2="600" y2="585" stroke-width="10"/><line x1="430" y1="45" x2="430" y2="585" stroke-width="8"/><line x1="770" y1="45" x2="770" y2="585" stroke-width="8"/>
<circle cx="600" cy="315" r="80"/><circle cx="240" cy="180" r="70"/><circle cx="240" cy="450" r="70"/><circle cx="960" cy="180" r="70"/><circle cx="960" cy="450" r="70"/><line x1="130" y1="45" x2="130" y2="585"/><line x1="1070" y1="45" x2="1070" y2="585"/><path d="M130 275 A40 40 0 0 1 130 355"/><path d="M1070 275 A40 40 0 0 0 1070 355"/>`;
    case "MLB":
      return `<path d="M600 590 L150 140 M600 590 L1050 140"/><path d="M170 420 A470 470 0 0 1 1030 420"/><path d="M340 430 A270 270 0 0 1 860 430"/><path d="M600 570 L770 400 L600 230 L430 400 Z"/><circle cx="600" cy="410" r="24"/>
<rect x="588" y="558" width="24" height="24" transform="rotate(45 600 570)"/><rect x="758" y="388" width="24" height="24" transform="rotate(45 770 400)"/><rect x="588" y="218" width="24" height="24" transform="rotate(45 600 230)"/><rect x="418" y="388" width="24" height="24" transform="rotate(45 430 400)"/>`;
    case "Soccer":
      return `<rect x="50" y="40" width="1100" height="550"/><line x1="600" y1="40" x2="600" y2="590"/><circle cx="600" cy="315" r="85"/><circle cx="600" cy="315" r="5"/>
<rect x="50" y="145" width="180" height="340"/><rect x="50" y="240" width="62" height="150"/><path d="M230 255 A85 85 0 0 1 230 375"/>
<rect x="970" y="145" width="180" height="340"/><rect x="1088" y="240" width="62" height="150"/><path d="M970 255 A85 85 0 0 0 970 375"/>`;
    case "MMA": {
      const octagon = (r: number) =>
        Array.from({ length: 8 }, (_, i) => {
          const angle = Math.PI / 8 + (i * Math.PI) / 4;
          return `${(600 + r * Math.cos(angle)).toFixed(1)},${(315 + r * Math.sin(angle)).toFixed(1)}`;
        }).join(" ");
      return `<polygon points="${octagon(300)}"/><polygon points="${octagon(262)}"/><polygon points="${octagon(120)}" stroke-dasharray="10 14"/>`;
    }
    case "Boxing":
      return `<rect x="330" y="45" width="540" height="540"/><rect x="350" y="65" width="500" height="500"/><rect x="370" y="85" width="460" height="460"/><circle cx="330" cy="45" r="16"/><circle cx="870" cy="45" r="16"/><circle cx="330" cy="585" r="16"/><circle cx="870" cy="585" r="16"/><line x1="40" y1="600" x2="1160" y2="600"/>`;
    case "Tennis":
      return `<rect x="100" y="90" width="1000" height="450"/><line x1="100" y1="145" x2="1100" y2="145"/><line x1="100" y1="485" x2="1100" y2="485"/><line x1="360" y1="145" x2="360" y2="485"/><line x1="840" y1="145" x2="840" y2="485"/><line x1="360" y1="315" x2="840" y2="315"/><line x1="600" y1="70" x2="600" y2="560" stroke-width="8"/>`;
    case "Golf":
      return `<ellipse cx="700" cy="340" rx="420" ry="230"/><ellipse cx="720" cy="350" rx="320" ry="170"/><ellipse cx="740" cy="356" rx="220" ry="112"/><ellipse cx="760" cy="360" rx="120" ry="58"/><path d="M60 560 C300 470 520 600 1140 520"/><path d="M60 100 C380 40 760 160 1140 80"/>`;
    default: {
      const grid = Array.from(
        { length: 9 },
        (_, i) =>
          `<path d="M${i * 150} 0 L${i * 150 + 120} 120 L${i * 150 + 120} 320 L${i * 150 + 240} 440 V630"/><circle cx="${i * 150 + 120}" cy="120" r="9"/><circle cx="${i * 150 + 120}" cy="320" r="9"/>`,
      ).join("");
      return grid;
    }
  }
}

/** The sport's ball (or symbol) centred on (cx, cy) with radius r. */
function emblem(sport: string, cx: number, cy: number, r: number): string {
  const at = (body: string) => `<g transform="translate(${cx} ${cy}) scale(${r / 100})">${body}</g>`;
  const shadow = `<ellipse cx="${cx + r * 0.12}" cy="${cy + r * 0.16}" rx="${r * 1.02}" ry="${r}" fill="#000" opacity="0.28"/>`;
  switch (sport) {
    case "NBA":
    case "NCAAB":
      return (
        shadow +
        at(
          `<circle r="100" fill="#e8772e"/><circle r="100" fill="url(#gloss)"/><g fill="none" stroke="#2b1a10" stroke-width="6"><circle r="100"/><line x1="-100" y1="0" x2="100" y2="0"/><line x1="0" y1="-100" x2="0" y2="100"/><path d="M-70 -71 C-30 -30 -30 30 -70 71"/><path d="M70 -71 C30 -30 30 30 70 71"/></g>`,
        )
      );
    case "NFL":
    case "NCAAF":
      return (
        shadow +
        at(
          `<g transform="rotate(-30)"><ellipse rx="130" ry="78" fill="#7b3f1d"/><ellipse rx="130" ry="78" fill="url(#gloss)"/><path d="M-100 -40 C-90 -52 -86 -62 -84 -70 M-100 40 C-90 52 -86 62 -84 70 M100 -40 C90 -52 86 -62 84 -70 M100 40 C90 52 86 62 84 70" stroke="#fff" stroke-width="7" fill="none"/><line x1="-42" y1="-6" x2="42" y2="-6" stroke="#fff" stroke-width="7"/>${Array.from({ length: 7 }, (_, i) => `<line x1="${-36 + i * 12}" y1="-18" x2="${-36 + i * 12}" y2="6" stroke="#fff" stroke-width="5"/>`).join("")}</g>`,
        )
      );
    case "NHL":
      return at(
        `<ellipse cx="0" cy="34" rx="100" ry="42" fill="#000" opacity="0.3"/><rect x="-100" y="-30" width="200" height="46" fill="#111"/><ellipse cx="0" cy="16" rx="100" ry="40" fill="#111"/><ellipse cx="0" cy="-30" rx="100" ry="40" fill="#2a2a2a"/><ellipse cx="-20" cy="-40" rx="50" ry="14" fill="#fff" opacity="0.12"/>`,
      );
    case "MLB":
      return (
        shadow +
        at(
          `<circle r="100" fill="#f8f5ee"/><circle r="100" fill="url(#gloss)"/><g fill="none" stroke="#c62828" stroke-width="5"><path d="M-62 -78 C-20 -40 -20 40 -62 78"/><path d="M62 -78 C20 -40 20 40 62 78"/></g><g stroke="#c62828" stroke-width="4">${Array.from(
            { length: 8 },
            (_, i) => {
              const y = -60 + i * 17;
              const x = -36 - Math.abs(y) * 0.28;
              return `<line x1="${x - 8}" y1="${y - 4}" x2="${x + 8}" y2="${y + 4}"/><line x1="${-x - 8}" y1="${y + 4}" x2="${-x + 8}" y2="${y - 4}"/>`;
            },
          ).join("")}</g>`,
        )
      );
    case "Soccer": {
      const pentagon = (x: number, y: number, s: number, turn: number) =>
        `<polygon points="${Array.from({ length: 5 }, (_, i) => {
          const a = turn + (i * 2 * Math.PI) / 5 - Math.PI / 2;
          return `${(x + s * Math.cos(a)).toFixed(1)},${(y + s * Math.sin(a)).toFixed(1)}`;
        }).join(" ")}" fill="#111"/>`;
      const ring = Array.from({ length: 5 }, (_, i) => {
        const a = (i * 2 * Math.PI) / 5 - Math.PI / 2;
        return (
          pentagon(92 * Math.cos(a), 92 * Math.sin(a), 26, a + Math.PI / 2) +
          `<line x1="${(34 * Math.cos(a)).toFixed(1)}" y1="${(34 * Math.sin(a)).toFixed(1)}" x2="${(70 * Math.cos(a)).toFixed(1)}" y2="${(70 * Math.sin(a)).toFixed(1)}" stroke="#111" stroke-width="4"/>`
        );
      }).join("");
      return (
        shadow +
        at(
          `<clipPath id="ball"><circle r="100"/></clipPath><circle r="100" fill="#fafafa"/><g clip-path="url(#ball)">${pentagon(0, 0, 36, 0)}${ring}</g><circle r="100" fill="url(#gloss)"/><circle r="100" fill="none" stroke="#111" stroke-width="3"/>`,
        )
      );
    }
    case "Tennis":
      return (
        shadow +
        at(
          `<circle r="100" fill="#d4e84a"/><circle r="100" fill="url(#gloss)"/><g fill="none" stroke="#fff" stroke-width="8"><path d="M-70 -72 C-20 -30 -20 30 -70 72"/><path d="M70 -72 C20 -30 20 30 70 72"/></g>`,
        )
      );
    case "Golf":
      return (
        shadow +
        at(
          `<circle r="100" fill="#fdfdfd"/><g fill="#d9dde3">${Array.from({ length: 49 }, (_, i) => {
            const x = -84 + (i % 7) * 28 + (Math.floor(i / 7) % 2) * 14;
            const y = -84 + Math.floor(i / 7) * 28;
            return x * x + y * y < 86 * 86 ? `<circle cx="${x}" cy="${y}" r="7"/>` : "";
          }).join("")}</g><circle r="100" fill="url(#gloss)"/>`,
        )
      );
    case "Boxing":
      return (
        shadow +
        at(
          `<path d="M-70 60 C-96 10 -90 -70 -20 -86 C40 -98 92 -62 88 -4 C86 36 60 62 30 66 L30 96 L-64 96 Z" fill="#c81e1e"/><path d="M-70 60 C-96 10 -90 -70 -20 -86 C40 -98 92 -62 88 -4 C86 36 60 62 30 66 L30 96 L-64 96 Z" fill="url(#gloss)"/><path d="M-40 10 C-20 -20 30 -20 46 6" fill="none" stroke="#7f1d1d" stroke-width="6" stroke-linecap="round"/><rect x="-66" y="70" width="98" height="26" fill="#f5f5f5"/>`,
        )
      );
    case "MMA":
      return at(
        `<polygon points="${Array.from({ length: 8 }, (_, i) => {
          const a = Math.PI / 8 + (i * Math.PI) / 4;
          return `${(100 * Math.cos(a)).toFixed(1)},${(100 * Math.sin(a)).toFixed(1)}`;
        }).join(
          " ",
        )}" fill="#111827" stroke="#fff" stroke-width="6"/><path d="M-44 -30 L0 -56 L44 -30 L44 30 L0 56 L-44 30 Z" fill="#b91c1c"/><path d="M0 -56 L44 -30 L44 30 L0 56 Z" fill="#1d4ed8"/>`,
      );
    default:
      return (
        shadow +
        at(
          `<path d="M-96 -10 C-96 -52 -70 -60 -40 -60 H40 C70 -60 96 -52 96 -10 C96 40 82 66 60 66 C40 66 34 40 0 40 C-34 40 -40 66 -60 66 C-82 66 -96 40 -96 -10 Z" fill="#1f2937"/><g fill="#f8fafc"><rect x="-62" y="-24" width="40" height="12" rx="3"/><rect x="-48" y="-38" width="12" height="40" rx="3"/><circle cx="44" cy="-30" r="9"/><circle cx="62" cy="-12" r="9"/><circle cx="26" cy="-12" r="9"/><circle cx="44" cy="6" r="9"/></g>`,
        )
      );
  }
}

const GLOSS = `<radialGradient id="gloss" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="#fff" stop-opacity="0.45"/><stop offset="0.45" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.3"/></radialGradient>`;

/** Covers are drawn in a 1200×630 frame and rendered this wide (a card's thumbnail, a shared link's picture). */
export const COVER_WIDTH = 800;

/**
 * A post's cover (1200×630, the size of a shared link's card): the first colours on the left, the
 * second on the right, split on a slant, the sport's markings over both, its ball in the middle.
 */
export function coverSvg(
  sport: string,
  left: [string, string],
  right: [string, string],
  variant = 0,
  width = COVER_WIDTH,
): string {
  const tilt = 80 + (variant % 5) * 30;
  const ballX = 600 + ((variant % 3) - 1) * 40;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${Math.round((width * 630) / 1200)}" viewBox="0 0 1200 630">
<defs>
<linearGradient id="l" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(left[0], 0.12)}"/><stop offset="1" stop-color="${shade(left[0], -0.35)}"/></linearGradient>
<linearGradient id="r" x1="1" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(right[0], 0.12)}"/><stop offset="1" stop-color="${shade(right[0], -0.35)}"/></linearGradient>
<radialGradient id="light" cx="0.5" cy="0.45" r="0.6"><stop offset="0" stop-color="#fff" stop-opacity="0.22"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
<linearGradient id="fade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></linearGradient>
${GLOSS}
</defs>
<rect width="1200" height="630" fill="url(#l)"/>
<polygon points="${600 + tilt},0 1200,0 1200,630 ${600 - tilt},630" fill="url(#r)"/>
<polygon points="${600 + tilt - 14},0 ${600 + tilt + 14},0 ${600 - tilt + 14},630 ${600 - tilt - 14},630" fill="${left[1]}" opacity="0.9"/>
<polygon points="${600 + tilt + 14},0 ${600 + tilt + 30},0 ${600 - tilt + 30},630 ${600 - tilt + 14},630" fill="${right[1]}" opacity="0.9"/>
<g fill="none" stroke="#fff" stroke-width="5" opacity="0.22">${fieldLines(sport)}</g>
<rect width="1200" height="630" fill="url(#light)"/>
${emblem(sport, ballX, 300, 118)}
<rect width="1200" height="630" fill="url(#fade)"/>
</svg>`;
}

/** An expert page's cover (drawn 1500×500, rendered 1200×400): their colours and their sport's markings, the ball to the right. */
export function expertCoverSvg(sport: string, colors: [string, string]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 1500 500">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(colors[0], -0.45)}"/><stop offset="0.6" stop-color="${colors[0]}"/><stop offset="1" stop-color="${shade(colors[1], -0.1)}"/></linearGradient>
<radialGradient id="light" cx="0.8" cy="0.4" r="0.55"><stop offset="0" stop-color="#fff" stop-opacity="0.25"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
${GLOSS}
</defs>
<rect width="1500" height="500" fill="url(#bg)"/>
<svg x="0" y="0" width="1500" height="500" viewBox="0 0 1200 630" preserveAspectRatio="xMidYMid slice"><g fill="none" stroke="#fff" stroke-width="5" opacity="0.18">${fieldLines(sport)}</g></svg>
<rect width="1500" height="500" fill="url(#light)"/>
${emblem(sport, 1190, 240, 120)}
</svg>`;
}

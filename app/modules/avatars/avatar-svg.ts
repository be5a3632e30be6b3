/**
 * Generated avatars: initials on a colour picked from the name, so demo accounts and users without
 * a photo still get a distinct, recognisable picture, made locally with no network.
 */
const PALETTE = [
  ["#0f766e", "#14b8a6"],
  ["#1d4ed8", "#60a5fa"],
  ["#7c3aed", "#c084fc"],
  ["#b45309", "#fbbf24"],
  ["#be123c", "#fb7185"],
  ["#15803d", "#4ade80"],
  ["#0369a1", "#38bdf8"],
  ["#a21caf", "#f0abfc"],
];

/** Where the generated avatar of `userName` is served (routes/avatars.$name.ts): anyone without a photo. */
export const generatedAvatarUrl = (userName: string) => `/avatars/${encodeURIComponent(userName)}.svg`;

/** A user's picture: their own, else their generated avatar. */
export const avatarOrDefault = (avatar: string | null, userName: string) => avatar ?? generatedAvatarUrl(userName);

export function initialsOf(name: string): string {
  const words = name
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .split(/[\s._-]+/)
    .filter(Boolean);
  const letters = words.length > 1 ? words[0][0] + words[words.length - 1][0] : (words[0] ?? "?").slice(0, 2);
  return letters.toUpperCase();
}

function hashOf(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return hash;
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function avatarSvg(name: string): string {
  const [from, to] = PALETTE[hashOf(name.toLowerCase()) % PALETTE.length];
  const initials = escapeXml(initialsOf(name));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="${initials}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="128" height="128" fill="url(#g)"/><text x="64" y="64" dy=".35em" text-anchor="middle" font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" font-size="52" font-weight="600" fill="#fff">${initials}</text></svg>`;
}

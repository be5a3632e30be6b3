/**
 * Rich text under attack: a post's Slate body is whatever an
 * expert's client sent (the API checks it is a list of objects, nothing more), so the renderer
 * is the line of defence. Whatever the nodes carry — `<script>` in text, `javascript:`, `data:`
 * and `vbscript:` URLs (any case, whitespace, entities), `on*` handlers and `style` as node
 * properties, iframes and embeds from anywhere, images with hostile sources — the HTML it makes
 * runs nothing: no script element, no handler attribute, no style, no script URL, frames only
 * from YouTube's no-cookie host, images only through the image proxy.
 *
 * `HOSTILE_SEED` replays a failure (fast-check prints the seed and the shrunk document).
 */
import fc from "fast-check";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SlateRender } from "~/components/posts/slate-render";

const SITE = "https://sharpside.example";
const SEED = process.env.HOSTILE_SEED ? Number(process.env.HOSTILE_SEED) : undefined;
const ALLOWED_FRAME = /^https:\/\/www\.youtube-nocookie\.com\/embed\/[A-Za-z0-9_-]{11}$/;

/** What a browser would make of the markup: every element, parsed. */
function parse(nodes: unknown): { html: string; root: HTMLElement } {
  const html = renderToStaticMarkup(<SlateRender nodes={nodes} siteOrigin={SITE} />);
  const root = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html").body;
  return { html, root };
}

/** A URL attribute as a browser reads it: without the whitespace and controls it ignores. */
const squeezed = (value: string) =>
  [...value]
    .filter((c) => c > " ")
    .join("")
    .toLowerCase();

/** Every way the rendered body could run something; [] when it cannot. */
function dangers(root: HTMLElement): string[] {
  const found: string[] = [];
  // The renderer's own icons are inline SVG (lucide): allowed, but a script or handler inside one is not.
  for (const element of root.querySelectorAll(
    "script, style, object, embed, applet, base, form, meta, link, frame, frameset, math, template",
  )) {
    found.push(`<${element.tagName.toLowerCase()}>`);
  }
  for (const element of root.querySelectorAll("*")) {
    const tag = element.tagName.toLowerCase();
    for (const { name, value } of [...element.attributes]) {
      if (name.startsWith("on")) found.push(`${tag} ${name}`);
      if (name === "style" || name === "srcdoc" || name === "formaction" || name.includes(":"))
        found.push(`${tag} ${name}`);
      if (name === "href" || name === "src" || name === "srcset") {
        if (/^(javascript|data|vbscript|file|blob|about):/.test(squeezed(value))) found.push(`${tag} ${name}=${value}`);
      }
    }
    if (tag === "a") {
      const href = element.getAttribute("href") ?? "";
      const fine = /^(https?:\/\/|mailto:)/i.test(href) || (/^[/?#]/.test(href) && !/^\/[/\\]/.test(href));
      if (!fine) found.push(`a href=${href}`);
      if (element.getAttribute("target") === "_blank" && element.getAttribute("rel") !== "nofollow noopener noreferrer")
        found.push(`a target without rel: ${href}`);
    }
    if (tag === "iframe" && !ALLOWED_FRAME.test(element.getAttribute("src") ?? ""))
      found.push(`iframe src=${element.getAttribute("src")}`);
    if (tag === "img" && !(element.getAttribute("src") ?? "").startsWith("/img?"))
      found.push(`img src=${element.getAttribute("src")}`);
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// Hostile documents
// ---------------------------------------------------------------------------------------------
/** A string in random case: "jAvAsCrIpT". */
const anyCase = (word: string) =>
  fc
    .array(fc.boolean(), { minLength: word.length, maxLength: word.length })
    .map((upper) => [...word].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join(""));
const SCHEMES = ["javascript", "data", "vbscript", "file", "blob"];
const schemeUrl = fc
  .tuple(
    fc.constantFrom(...SCHEMES).chain(anyCase),
    fc.constantFrom("", " ", "\t", "\n", "\r\n", "\u0000", "\u000b", "\u00a0"),
    fc.constantFrom(":", "&colon;", "&#58;", "%3A"),
    fc.constantFrom("alert(1)", "text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==", "//%0aalert(1)", "msgbox(1)"),
    fc.nat({ max: 6 }),
  )
  .map(([scheme, gap, colon, rest, at]) => {
    const cut = Math.min(at, scheme.length);
    return `${gap}${scheme.slice(0, cut)}${gap}${scheme.slice(cut)}${colon}${rest}`;
  });
const HOSTILE_URLS = [
  "javascript:alert(1)",
  " JaVaScRiPt:alert(1)",
  "java\tscript:alert(1)",
  "java\nscript:alert(1)",
  "\u0000javascript:alert(1)",
  "&#106;avascript:alert(1)",
  "&#x6A;avascript:alert(1)",
  "javascript&colon;alert(1)",
  "%6A%61vascript:alert(1)",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "DATA:image/svg+xml,<svg onload=alert(1)>",
  "vbscript:msgbox(1)",
  "//evil.example/x",
  "/\\evil.example",
  "/\t/evil.example",
  "\\\\evil.example",
  'https://evil.example/"><script>alert(1)</script>',
  'https://www.youtube.com/watch?v=dQw4w9WgXcQ" onload="alert(1)',
  "https://youtube.com.evil.example/embed/abcdefghijk",
  "https://evil.example/?https://youtu.be/abcdefghijk",
  "https://www.youtube.com/embed/abcdefghijk/../../../evil",
  'https://x.com/a"><script>alert(1)</script>',
  "mailto:x@example.com?body=<script>alert(1)</script>",
  "file:///etc/passwd",
  "about:blank",
  "  https://fine.example/ok  ",
];
const hostileUrl = fc.oneof(fc.constantFrom(...HOSTILE_URLS), schemeUrl, fc.webUrl(), fc.string({ maxLength: 30 }));
const hostileText = fc.oneof(
  fc.constantFrom(
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "</p><iframe src=javascript:alert(1)>",
    "<style>*{}</style>",
    "&lt;b&gt;",
    "{{7*7}}",
    "\u202E\u200B👍",
  ),
  fc.string({ unit: "binary", maxLength: 20 }),
);
const HANDLER_KEYS = [
  "onclick",
  "onerror",
  "onload",
  "onmouseover",
  "onfocus",
  "onClick",
  "style",
  "className",
  "class",
  "id",
  "srcdoc",
  "formaction",
  "xlink:href",
  "dangerouslySetInnerHTML",
  "ref",
  "key",
  "is",
];
const hostileProps = fc.dictionary(
  fc.constantFrom(...HANDLER_KEYS),
  fc.oneof(
    hostileText,
    hostileUrl,
    fc.constant({ __html: "<script>alert(1)</script>" }),
    fc.constant({ color: "red", background: "url(javascript:alert(1))" }),
  ),
  { maxKeys: 3 },
);
const TYPES = [
  "paragraph",
  "heading-one",
  "heading-two",
  "block-quote",
  "bulleted-list",
  "numbered-list",
  "list-item",
  "link",
  "image",
  "embed",
  "emoji",
  "script",
  "iframe",
  "style",
  "object",
  "a",
  "img",
  "svg",
  "<b>",
  "__proto__",
];

const { node } = fc.letrec<{ node: unknown; leaf: unknown; element: unknown }>((tie) => ({
  node: fc.oneof({ depthSize: "small", withCrossShrink: true }, tie("leaf"), tie("element")),
  leaf: fc
    .tuple(hostileText, fc.boolean(), fc.boolean(), hostileProps)
    .map(([text, bold, italic, props]) => ({ ...props, text, bold, italic })),
  element: fc
    .record(
      {
        type: fc.constantFrom(...TYPES),
        url: hostileUrl,
        href: hostileUrl,
        src: hostileUrl,
        provider: fc.constantFrom("youtube", "x", "<script>", "vimeo"),
        alt: hostileText,
        title: hostileText,
        emoji: hostileText,
        width: fc.oneof(fc.integer(), fc.constant('100" onload="alert(1)')),
        children: fc.array(tie("node"), { maxLength: 3 }),
      },
      { requiredKeys: ["type", "children"] },
    )
    .chain((element) => hostileProps.map((props) => ({ ...props, ...element }))),
}));
const document = fc.array(node, { maxLength: 4 });

describe("SlateRender under attack", () => {
  it("the detector itself flags what it must (so a pass means something)", () => {
    const root = new DOMParser().parseFromString(
      `<body><script>1</script><a href=" JaVa\tScript:x" onclick="y">a</a><a href="//evil.example">b</a><p style="color:red">c</p><iframe src="https://evil.example/"></iframe><img src="https://evil.example/x.png"></body>`,
      "text/html",
    ).body;
    expect(dangers(root)).toEqual([
      "<script>",
      "a href= JaVa\tScript:x",
      "a onclick",
      "a href= JaVa\tScript:x",
      "a href=//evil.example",
      "p style",
      "iframe src=https://evil.example/",
      "img src=https://evil.example/x.png",
    ]);
  });

  it("whatever the document carries, the markup runs nothing (property)", () => {
    fc.assert(
      fc.property(document, (nodes) => {
        const { html, root } = parse(nodes);
        const found = dangers(root);
        if (found.length > 0) throw new Error(`${found.join("; ")}\n${html}`);
      }),
      { numRuns: 300, seed: SEED },
    );
  });

  it("a hostile URL is never a link, a frame or an image source but its own (property)", () => {
    fc.assert(
      fc.property(
        hostileUrl,
        fc.constantFrom("link", "embed", "image"),
        fc.constantFrom(undefined, "youtube", "x"),
        (url, type, provider) => {
          const { root } = parse([
            { type: "paragraph", children: [{ type, url, provider, children: [{ text: "label" }] }] },
          ]);
          expect(dangers(root)).toEqual([]);
        },
      ),
      { numRuns: 300, seed: SEED },
    );
  });

  const cases: [string, unknown[], (root: HTMLElement) => void][] = [
    [
      "a <script> element in text stays text",
      [{ type: "paragraph", children: [{ text: "<script>alert(1)</script>" }] }],
      (root) => expect(root.textContent).toBe("<script>alert(1)</script>"),
    ],
    [
      "a node typed script renders its text as a paragraph",
      [{ type: "script", children: [{ text: "alert(1)" }] }],
      (root) => expect(root.querySelector("p")?.textContent).toBe("alert(1)"),
    ],
    [
      "javascript: in any case, with whitespace, controls or entities, is no link",
      [
        " JaVaScRiPt:alert(1)",
        "java\tscript:alert(1)",
        "\u0000javascript:alert(1)",
        "&#106;avascript:alert(1)",
        "javascript&colon;alert(1)",
        "jav&#x09;ascript:alert(1)",
      ].map((url) => ({
        type: "paragraph",
        children: [{ type: "link", url, children: [{ text: "x" }] }],
      })),
      (root) => {
        for (const a of root.querySelectorAll("a"))
          expect(squeezed(a.getAttribute("href")!)).not.toContain("javascript:");
        expect(root.textContent).toBe("xxxxxx");
      },
    ],
    [
      "data: and vbscript: links are no links",
      [
        {
          type: "paragraph",
          children: ["data:text/html,<script>alert(1)</script>", "vbscript:msgbox(1)", "DATA:image/svg+xml,x"].map(
            (url) => ({ type: "link", url, children: [{ text: "d" }] }),
          ),
        },
      ],
      (root) => expect(root.querySelectorAll("a")).toHaveLength(0),
    ],
    [
      "on* handlers and style as node properties are dropped",
      [
        {
          type: "paragraph",
          onclick: "alert(1)",
          onmouseover: "alert(2)",
          style: "background:url(javascript:alert(3))",
          children: [
            { text: "hi", onclick: "alert(4)", style: "color:red" },
            { type: "link", url: "https://fine.example/", onclick: "alert(5)", children: [{ text: "ok" }] },
          ],
        },
      ],
      (root) => {
        expect(root.querySelector("a")?.getAttribute("href")).toBe("https://fine.example/");
        expect(root.innerHTML).not.toMatch(/\son\w+=|style=/i);
      },
    ],
    [
      "dangerouslySetInnerHTML on a node is data, not markup",
      [
        {
          type: "paragraph",
          dangerouslySetInnerHTML: { __html: "<img src=x onerror=alert(1)>" },
          children: [{ text: "safe" }],
        },
      ],
      (root) => {
        expect(root.querySelector("img")).toBeNull();
        expect(root.textContent).toBe("safe");
      },
    ],
    [
      "an embed from another host, however it names YouTube, is no frame",
      [
        "https://youtube.com.evil.example/embed/abcdefghijk",
        "https://evil.example/?https://youtu.be/abcdefghijk",
        "https://evil.example/embed.html",
        "javascript:alert(1)",
      ].map((url) => ({
        type: "embed",
        provider: "youtube",
        url,
        children: [{ text: "" }],
      })),
      (root) => expect(root.querySelectorAll("iframe")).toHaveLength(0),
    ],
    [
      "a YouTube embed with an attribute-breaking URL is the no-cookie frame of its id only",
      [
        {
          type: "embed",
          url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&x="onload="alert(1)',
          children: [{ text: "" }],
        },
      ],
      (root) =>
        expect(root.querySelector("iframe")?.getAttribute("src")).toBe(
          "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
        ),
    ],
    [
      "nodes typed iframe, object or img are not made into those elements",
      [
        { type: "iframe", src: "https://evil.example/", children: [{ text: "f" }] },
        { type: "object", data: "evil.swf", children: [{ text: "o" }] },
        { type: "img", src: "javascript:alert(1)", children: [{ text: "i" }] },
      ],
      (root) => expect(root.querySelectorAll("iframe, object, img")).toHaveLength(0),
    ],
    [
      "an image with a hostile source goes through the proxy, its alt text inert",
      [
        {
          type: "image",
          url: "javascript:alert(1)",
          alt: '" onerror="alert(1)',
          onerror: "alert(2)",
          children: [{ text: "" }],
        },
      ],
      (root) => {
        const img = root.querySelector("img")!;
        expect(img.getAttribute("src")).toBe(`/img?src=${encodeURIComponent("javascript:alert(1)")}&w=768&q=75`);
        expect(new URL(img.getAttribute("src")!, "https://x.example").searchParams.get("src")).toBe(
          "javascript:alert(1)",
        );
        expect(img.getAttribute("alt")).toBe('" onerror="alert(1)');
        expect(img.getAttribute("onerror")).toBeNull();
      },
    ],
  ];

  it.each(cases)("%s", (_name, nodes, more) => {
    const { root } = parse(nodes);
    expect(dangers(root)).toEqual([]);
    more(root);
  });
});

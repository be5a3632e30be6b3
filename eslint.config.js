import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import globals from "globals";
import tseslint from "typescript-eslint";

// Import specifiers, as written in the app (`~/…`) or relative.
const DRIZZLE = "^(drizzle-orm|postgres|@electric-sql/pglite)(/|$)";
const DB = "^(~/|(\\.{1,2}/)+)db(/|$)";
const SERVER_FILE = "\\.server(\\.[jt]sx?)?$";
const ROUTES_OR_COMPONENTS = "^(~/|(\\.{1,2}/)+)(routes|components)(/|$)";
const MODULES_ROUTES_OR_COMPONENTS = "^(~/|(\\.{1,2}/)+)(modules|routes|components)(/|$)";
// The Express middleware (server/) stands in front of the app; the app never reaches back into it.
const EXPRESS = "^(\\.{1,2}/)+server(/|$)";
const EXPRESS_FROM_APP = "The Express middleware in server/ runs before the app; the app never imports it.";
// Web adapters (app/web): the API's answers, form reading, page results and caching, the page frame.
const WEB = "^(~/|(\\.{1,2}/)+)web(/|$)";
/**
 * Which domains each domain module may import (app/modules/<domain>/): a new dependency between
 * domains is a change here, seen in review. The uses run one way (test/unit/lint-boundaries.test.ts
 * finds no cycle), so each domain can be read after the ones it uses. Shared files directly under
 * app/modules (the logger, commands, image addresses) are open to all.
 */
export const DOMAIN_USES = {
  access: [],
  accounts: ["avatars", "http", "mail", "rate-limit", "time"],
  avatars: [],
  cheers: ["access", "accounts", "http", "notifications", "payments", "profiles"],
  experts: ["access", "avatars", "http", "money", "payments", "posts", "record", "reference", "time"],
  follows: ["http", "profiles"],
  http: [],
  images: ["avatars", "http", "rate-limit", "uploads"],
  jobs: ["images", "mail", "notifications", "push", "rate-limit", "record", "sports-data", "subscriptions", "uploads"],
  mail: [],
  money: [],
  notifications: ["access", "accounts", "avatars", "http", "mail"],
  payments: ["accounts", "http", "profiles"],
  posts: ["access", "accounts", "avatars", "http", "notifications", "record", "reference", "uploads"],
  profiles: ["accounts", "avatars", "http", "time"],
  push: ["http", "notifications", "rate-limit"],
  "rate-limit": ["http"],
  record: ["http", "notifications", "profiles", "reference"],
  reference: [],
  search: ["access", "avatars", "experts", "http", "posts"],
  seo: ["access", "experts", "record", "reference"],
  site: ["http", "money"],
  "sports-data": ["http", "record"],
  "stripe-webhooks": ["cheers", "http", "payments", "subscriptions"],
  subscriptions: [
    "access",
    "accounts",
    "avatars",
    "http",
    "mail",
    "money",
    "notifications",
    "payments",
    "profiles",
    "rate-limit",
    "site",
  ],
  support: ["accounts", "http", "mail", "rate-limit"],
  time: [],
  uploads: ["accounts", "http", "rate-limit"],
};
const ROUTE_TO_MODULE = "Routes call module functions; queries and the database live under app/modules and app/db.";
const RATE_LIMIT = "^(~/|(\\.{1,2}/)+)modules/rate-limit(/|$)";
const RATE_LIMIT_IN_COMMAND =
  "A rate limit belongs to the command it holds (a domain's commands.server.ts), so the page and the API count alike.";
const SERVER_VALUE = "Components run in the browser too: import only types from server files and the database.";

/** What a module never imports: the layers above it. */
const MODULE_PATTERNS = [
  {
    regex: ROUTES_OR_COMPONENTS,
    message: "A module serves routes and components; it never imports them (types included).",
  },
  {
    regex: WEB,
    message: "A module serves the web adapters (app/web); it never imports them (types included).",
  },
];

/** An import boundary: `files` import nothing `patterns` match, nor the Express middleware. */
function importBoundary(files, patterns) {
  return {
    files,
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [{ regex: EXPRESS, message: EXPRESS_FROM_APP }, ...patterns] },
      ],
    },
  };
}

export default tseslint.config(
  {
    ignores: ["build/", "data/", "node_modules/", "test-results/", "playwright-report/", "coverage/", "bench/results/"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["warn", "error", "log"] }],
    },
  },
  // No import cycles, lazy chunks included: a file that needs its parent's parts shares a third file
  // with it instead, so every file can be read (and loaded) after the ones it uses.
  {
    files: ["app/**/*.{ts,tsx}", "server.ts", "server/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/extensions": [".ts", ".tsx", ".js"],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  // A file a newcomer can read in one sitting: split it by what it holds before it passes 400 lines.
  {
    files: ["app/**/*.{ts,tsx}", "server.ts", "server/**/*.ts"],
    rules: { "max-lines": ["error", { max: 400 }] },
  },
  // Import boundaries: routes → modules → db. Each layer's files may not reach past the next one down,
  // so a query lands in a module a test can call and a server value never ships to the browser.
  // Flat config keeps the last block's options for a rule, so each block lists all its patterns.
  importBoundary(["app/**/*.{ts,tsx}"], []),
  importBoundary(
    ["app/routes/**/*.{ts,tsx}", "app/root.tsx"],
    [
      { regex: DRIZZLE, message: ROUTE_TO_MODULE },
      { regex: DB, message: ROUTE_TO_MODULE, allowTypeImports: true },
      { regex: RATE_LIMIT, message: RATE_LIMIT_IN_COMMAND, allowTypeImports: true },
    ],
  ),
  importBoundary(
    ["app/components/**/*.{ts,tsx}"],
    [
      { regex: SERVER_FILE, message: SERVER_VALUE, allowTypeImports: true },
      { regex: DB, message: SERVER_VALUE, allowTypeImports: true },
      { regex: DRIZZLE, message: SERVER_VALUE, allowTypeImports: true },
    ],
  ),
  // Files shared by every domain, directly under app/modules (the logger).
  importBoundary(["app/modules/*.{ts,tsx}"], MODULE_PATTERNS),
  // Each domain module, the domains it may use, and nothing else of the app's but the database.
  ...Object.entries(DOMAIN_USES).map(([domain, uses]) => {
    const others = Object.keys(DOMAIN_USES).filter((other) => other !== domain && !uses.includes(other));
    return importBoundary(
      [`app/modules/${domain}/**/*.{ts,tsx}`],
      [
        ...MODULE_PATTERNS,
        ...(others.length > 0
          ? [
              {
                regex: `^(~/modules/|(\\.\\./)+)(${others.join("|")})(/|$)`,
                message: `${domain}/ uses only ${uses.join(", ") || "no other domain"} (DOMAIN_USES in eslint.config.js).`,
              },
            ]
          : []),
      ],
    );
  }),
  importBoundary(
    ["app/db/**/*.ts"],
    [
      {
        regex: MODULES_ROUTES_OR_COMPONENTS,
        message: "The database layer never imports modules, routes or components.",
      },
      { regex: WEB, message: "The database layer never imports the web adapters." },
    ],
  ),
  // The demo (app/demo) builds its rows with the app's own rules (grading, password hashing,
  // previews): it stands above the modules and uses them, but never a route or a component.
  importBoundary(
    ["app/demo/**/*.ts"],
    [
      {
        regex: ROUTES_OR_COMPONENTS,
        message: "The demo seeds data through modules; it never imports routes or components.",
      },
    ],
  ),
);

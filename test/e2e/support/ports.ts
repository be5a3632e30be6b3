/**
 * Where the e2e stand-ins listen, just above the app's port (E2E_PORT, default 4310), so two
 * checkouts can run their browser tests side by side; the app server is configured to use them.
 */
const appPort = Number(process.env.E2E_PORT ?? 4310);

export const E2E_STAND_INS = {
  smtpPort: appPort + 1,
  mailHttpPort: appPort + 2,
  oauthPort: appPort + 3,
  controlPort: appPort + 4,
  thirdPartyPort: appPort + 5,
  pushPort: appPort + 6,
  googleClientId: "e2e-client",
  googleClientSecret: "e2e-secret",
} as const;

export const standInEnv = {
  SMTP_URL: `smtp://127.0.0.1:${E2E_STAND_INS.smtpPort}`,
  MAIL_FROM: "Sharpside <no-reply@sharpside.test>",
  GOOGLE_CLIENT_ID: E2E_STAND_INS.googleClientId,
  GOOGLE_CLIENT_SECRET: E2E_STAND_INS.googleClientSecret,
  GOOGLE_AUTH_URL: `http://127.0.0.1:${E2E_STAND_INS.oauthPort}/authorize`,
  GOOGLE_TOKEN_URL: `http://127.0.0.1:${E2E_STAND_INS.oauthPort}/token`,
  GOOGLE_USERINFO_URL: `http://127.0.0.1:${E2E_STAND_INS.oauthPort}/userinfo`,
  // The analytics tag and support messenger: loaded only after Accept (test/e2e/consent.spec.ts).
  ANALYTICS_SCRIPT_URL: `http://127.0.0.1:${E2E_STAND_INS.thirdPartyPort}/analytics.js`,
  MESSENGER_SCRIPT_URL: `http://127.0.0.1:${E2E_STAND_INS.thirdPartyPort}/messenger.js`,
  // The browsers' push service (test/e2e/push.spec.ts): the only one the server may push to.
  PUSH_SERVICES: `http://127.0.0.1:${E2E_STAND_INS.pushPort}`,
};

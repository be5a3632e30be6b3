/** Where the e2e stand-ins listen; the app server is configured to use them. */
export const E2E_STAND_INS = {
  smtpPort: 4311,
  mailHttpPort: 4312,
  oauthPort: 4313,
  controlPort: 4314,
  thirdPartyPort: 4315,
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
};

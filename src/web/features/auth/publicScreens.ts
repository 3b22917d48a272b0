/**
 * The public screens (spec, section 2), each by the module that draws it and the paths that open it. The
 * web's routes read it (routes.tsx), and so does the build (vite.config.ts, screenPreloads), which gives
 * the server each screen's scripts to name in the page it sends for that path.
 */
export const PUBLIC_SCREENS = {
  LoginPage: /^\/login\/?$/,
  RegisterPage: /^\/register(\/[^/]+)?\/?$/,
  EmailRequiredPage: /^\/email-required\/?$/,
  RecoverPasswordPage: /^\/recover-password\/?$/,
  PasswordResetPage: /^\/password-reset\/[^/]+\/?$/,
  SetPasswordPage: /^\/set-password\/[^/]+\/?$/,
  ResetCredentialsPage: /^\/reset-credentials\/[^/]+\/?$/,
  TokenAuthBotPage: /^\/token-auth-bot\/?$/,
  EmailChangePage: /^\/email-change\/[^/]+\/?$/,
  CredentialsUndoPage: /^\/credentials-undo\/[^/]+\/?$/,
} as const satisfies Record<string, RegExp>;

export type PublicScreen = keyof typeof PUBLIC_SCREENS;

/**
 * The account forms (sign-in, sign-up, password reset, profile, password, e-mail check), without
 * zod: the value of each form's `intent` and a loader per schema (account.schema.ts).
 */
export const accountIntents = {
  login: "login",
  register: "register",
  requestPasswordReset: "request-password-reset",
  setNewPassword: "set-new-password",
  updateProfile: "update-profile",
  uploadProfileImage: "upload-profile-image",
  changePassword: "change-password",
  resendVerification: "resend-verification",
} as const;

/** The visitor's account forms' schemas, loaded when the form is first used (useSchemaForm). */
export const accountSchemas = {
  login: () => import("./account.schema").then((module) => module.loginSchema),
  register: () => import("./account.schema").then((module) => module.registerSchema),
  passwordResetRequest: () => import("./account.schema").then((module) => module.passwordResetRequestSchema),
  newPassword: () => import("./account.schema").then((module) => module.newPasswordSchema),
  profile: () => import("./account.schema").then((module) => module.profileSchema),
  profileImage: () => import("./account.schema").then((module) => module.profileImageSchema),
  /** Memoize on `hasPassword`: the loader keys the browser's validators. */
  changePassword: (hasPassword: boolean) => () =>
    import("./account.schema").then((module) => module.changePasswordSchema(hasPassword)),
};

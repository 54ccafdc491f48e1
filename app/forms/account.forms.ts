/** The value of each account form's hidden `intent`, kept apart from the schemas so a page can name it without loading zod. */
export const intents = {
  login: "login",
  register: "register",
  requestPasswordReset: "request-password-reset",
  setNewPassword: "set-new-password",
  updateProfile: "update-profile",
  uploadProfileImage: "upload-profile-image",
  changePassword: "change-password",
  resendVerification: "resend-verification",
} as const;

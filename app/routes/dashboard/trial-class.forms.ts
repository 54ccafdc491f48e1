/** The trial class page's one button, as the page names it. */
export const trialClassIntents = { cancel: "cancel-trial-class" } as const;

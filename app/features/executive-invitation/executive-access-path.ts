/**
 * The page holding the invitation form (routes/executive-access.tsx): what every opener links to,
 * and where the form posts without JavaScript. A module of its own, so the openers name it without
 * loading the form's code.
 */
export const EXECUTIVE_ACCESS_PATH = "/executive-access";

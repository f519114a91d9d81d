/** Constants the web app needs at runtime, kept free of schema code. */

/** SPEC.md section 9: the notifications list starts at 5, grows by 5, up to 50. */
export const NOTIFICATIONS_START = 5;
export const NOTIFICATIONS_STEP = 5;
export const NOTIFICATIONS_MAX = 50;

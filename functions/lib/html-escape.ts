/** Text made safe to put inside HTML (element content or a quoted attribute), for the emails the app writes. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

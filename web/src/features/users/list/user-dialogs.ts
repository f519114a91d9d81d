/**
 * Each users-page dialog has its own route, /users/{dialog} (the rule issue 10 set for tracks):
 * Back closes it and a link opens it. The path segment is the dialog's name. Kept free of
 * components so the router can list the routes without loading the page.
 */
export const USER_DIALOGS = ['add-user', 'assign-role', 'remove-role', 'add-location', 'deactivate-users', 'reactivate-users', 'reinvite-users'] as const;
export type UserDialog = (typeof USER_DIALOGS)[number];

/** The dialogs that act on the selected rows (Add User needs none). */
export type SelectionDialog = Exclude<UserDialog, 'add-user'>;

export const USERS_PATH = '/users';
export const userDialogPath = (dialog: UserDialog) => `${USERS_PATH}/${dialog}`;

import { afterEach, describe, expect, it, vi } from 'vitest';
import * as pages from '../../../web/src/app/page-chunks';

/** The account gate starts the chunk of the page the address will render; a wrong guess costs a download. */
describe('preloadPageOf', () => {
  afterEach(() => vi.restoreAllMocks());

  const cases: Array<[string, keyof typeof pages]> = [
    ['/', 'TracksPage'],
    ['/tracks/abc/participants', 'TracksPage'],
    ['/step/s1', 'StepPage'],
    ['/users', 'UsersPage'],
    ['/users/add-user', 'UsersPage'],
    ['/users/email-verification', 'EmailVerificationPage'],
    ['/users/u1/tracks', 'ProfilePage'],
    ['/forms/f1', 'FormsPage'],
    ['/form-instance/i1', 'FormInstancePage'],
    ['/admin/roles', 'AdminPage'],
    ['/security/authenticator', 'AuthenticatorPage'],
  ];

  it.each(cases)('%s starts %s and nothing else', (path, expected) => {
    const spies = Object.fromEntries(
      Object.entries(pages)
        .filter(([, value]) => typeof value === 'object' && value !== null && 'preload' in value)
        .map(([name, page]) => [name, vi.spyOn(page as { preload: () => void }, 'preload').mockImplementation(() => undefined)]),
    );
    pages.preloadPageOf(path);
    for (const [name, spy] of Object.entries(spies)) expect(spy.mock.calls.length, name).toBe(name === expected ? 1 : 0);
  });

  it('an unknown address starts nothing', () => {
    const spy = vi.spyOn(pages.TracksPage, 'preload').mockImplementation(() => undefined);
    pages.preloadPageOf('/nowhere');
    expect(spy).not.toHaveBeenCalled();
  });
});

// The session store's "ended by the server" mark, which the login page turns into 'You have been
// logged out. Please log in again' (spec 000 §4): a 401/403 sets it; the app ending the session for
// its own reason (the guard's invalid user) neither sets it nor takes it back; signing in or out
// clears it.
import { beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../../src/web/session/session.ts';

describe('session store: ended by the server', () => {
  beforeEach(() => session.loggedOut());

  it('a 401/403 marks it, and the app ending the session afterwards keeps the mark', () => {
    session.ended();
    expect(session.wasEndedByServer()).toBe(true);
    session.ended(false);
    expect(session.wasEndedByServer()).toBe(true);
    expect(session.get().token).toBeNull();
  });

  it('the app ending the session alone does not say the server did; logging out clears the mark', () => {
    session.ended(false);
    expect(session.wasEndedByServer()).toBe(false);
    session.ended();
    session.loggedOut();
    expect(session.wasEndedByServer()).toBe(false);
  });
});

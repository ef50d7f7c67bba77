import { describe, expect, it } from 'vitest';
import { Role } from '@talaqa/domain';
import { makeUser } from '../testing/fake-api';
import { dashboardPathFor, destinationAfterSignIn, withNext } from './destinations';

const CHECKOUT = '/checkout/2/quarter';
const newStudent = makeUser({ level: null, city: null, birthYear: null });

describe('destinationAfterSignIn', () => {
  it('sends a student without main info through the profile steps, carrying next', () => {
    expect(destinationAfterSignIn(newStudent, CHECKOUT)).toBe(
      `/complete-profile?${new URLSearchParams({ next: CHECKOUT }).toString()}`,
    );
    expect(destinationAfterSignIn(newStudent)).toBe('/complete-profile');
    expect(destinationAfterSignIn(newStudent, '/complete-profile')).toBe('/complete-profile');
  });

  it('goes straight to next once the profile is there, and never off the app', () => {
    expect(destinationAfterSignIn(makeUser(), CHECKOUT)).toBe(CHECKOUT);
    expect(destinationAfterSignIn(makeUser({ role: Role.Tutor }), '/t/dashboard')).toBe(
      '/t/dashboard',
    );
    expect(destinationAfterSignIn(newStudent, '//evil.example/checkout')).toBe('/complete-profile');
    expect(withNext('/register/student', 'https://evil.example')).toBe('/register/student');
  });

  it("takes a tutor manager to /interviews, the workspace whose top is their day's home", () => {
    const manager = makeUser({ role: Role.TutorManager });
    expect(destinationAfterSignIn(manager)).toBe('/interviews');
    expect(dashboardPathFor(manager)).toBe('/interviews');
    expect(destinationAfterSignIn(manager, '/schedule-management')).toBe('/schedule-management');
  });
});

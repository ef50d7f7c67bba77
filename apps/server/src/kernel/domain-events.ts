import type { FastifyBaseLogger } from 'fastify';

/**
 * Domain events (DESIGN.md section 4): what one module must learn from another's change travels
 * as a typed event that the interested module listens to, never as a hand call into it. The map
 * below is every event there is, with its payload.
 *
 * Emit only after the transaction that made the change has committed (the routes emit once their
 * service call, and with it its transaction, has returned): a listener reads the committed rows
 * and tells clients, so an event from inside a transaction could announce a change that is then
 * rolled back, or read the rows before the change is visible.
 *
 * In process: an instance hears the changes it made itself. What other instances must learn
 * travels from the listener as before (the tutor list's Redis cache generation, socket.io's Redis
 * adapter).
 */
export interface DomainEvents {
  /**
   * What these tutors' cards or their place in the public list show may have changed: profile
   * fields or texts, image, admin switches, weekly schedule, a lesson booked, moved or canceled.
   */
  TutorListingChanged: { tutorIds: readonly number[] };
  /**
   * A lesson is over for good: canceled (by a member, an admin or the no-show rule) or fulfilled
   * at its end. Its room closes (issue 19).
   */
  LessonClosed: { lessonId: number };
  /**
   * One of these tutors' onboarding steps was decided (an interview or demo session passed or
   * rejected, an intro video reviewed) or their e-mail or phone was verified: onboarding checks
   * whether they are now onboarded (issue 21, docs/decisions/316-onboarding-and-activation.md).
   */
  OnboardingStepChanged: { tutorIds: readonly number[] };
  /** An interview or demo session was canceled or decided: its room closes (issue 21). */
  MeetingClosed: { kind: 'interview' | 'demo-session'; id: number };
}

export type DomainEventName = keyof DomainEvents;

export type DomainEventListener<Name extends DomainEventName> = (
  event: DomainEvents[Name],
) => Promise<void> | void;

export interface DomainEventBus {
  on<Name extends DomainEventName>(name: Name, listener: DomainEventListener<Name>): void;
  /**
   * Runs every listener of `name` in the order they subscribed and resolves when all are done,
   * so the request that made the change answers after its consequences (a list page asked next
   * is fresh). A listener that fails is logged, never thrown: the change is already saved.
   */
  emit<Name extends DomainEventName>(name: Name, event: DomainEvents[Name]): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    domainEvents: DomainEventBus;
  }
}

type Listeners = { [Name in DomainEventName]: DomainEventListener<Name>[] };

export function createDomainEventBus(log: Pick<FastifyBaseLogger, 'error'>): DomainEventBus {
  // One list per event of the map (TypeScript asks for a new event's list here).
  const listeners: Listeners = {
    TutorListingChanged: [],
    LessonClosed: [],
    OnboardingStepChanged: [],
    MeetingClosed: [],
  };
  return {
    on(name, listener) {
      listeners[name].push(listener);
    },
    async emit(name, event) {
      for (const listener of listeners[name]) {
        try {
          await listener(event);
        } catch (error) {
          log.error({ err: error, event: name }, 'domain event listener failed');
        }
      }
    },
  };
}

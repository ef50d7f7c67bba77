import { describe, expect, it } from 'vitest';
import { createDomainEventBus } from '../../src/kernel/domain-events';

describe('the domain event bus', () => {
  const quietLog = () => {
    const errors: unknown[] = [];
    return { errors, log: { error: (detail: unknown) => errors.push(detail) } };
  };

  it('runs every listener in the order they subscribed and resolves after the last', async () => {
    const { log } = quietLog();
    const bus = createDomainEventBus(log);
    const heard: string[] = [];
    bus.on('TutorListingChanged', async ({ tutorIds }) => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      heard.push(`first ${tutorIds.join(',')}`);
    });
    bus.on('TutorListingChanged', ({ tutorIds }) => {
      heard.push(`second ${tutorIds.join(',')}`);
    });
    await bus.emit('TutorListingChanged', { tutorIds: [7, 8] });
    expect(heard).toEqual(['first 7,8', 'second 7,8']);
  });

  it('logs a listener that fails and still runs the others; the emitter never fails', async () => {
    const { errors, log } = quietLog();
    const bus = createDomainEventBus(log);
    const heard: number[] = [];
    bus.on('TutorListingChanged', () => {
      throw new Error('listener broke');
    });
    bus.on('TutorListingChanged', ({ tutorIds }) => {
      heard.push(...tutorIds);
    });
    await expect(bus.emit('TutorListingChanged', { tutorIds: [3] })).resolves.toBeUndefined();
    expect(heard).toEqual([3]);
    expect(errors).toEqual([
      expect.objectContaining({ event: 'TutorListingChanged', err: expect.any(Error) }),
    ]);
  });

  it('does nothing for an event nobody listens to', async () => {
    const { errors, log } = quietLog();
    await createDomainEventBus(log).emit('TutorListingChanged', { tutorIds: [] });
    expect(errors).toEqual([]);
  });
});

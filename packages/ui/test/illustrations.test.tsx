import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import {
  EmptyState,
  NoChatsIllustration,
  NoLessonsIllustration,
  NoPaymentsIllustration,
  NoResultsIllustration,
  NotFoundIllustration,
  NotFoundPage,
} from '../src';

describe('EmptyState illustration', () => {
  it('draws the given illustration above the title, hidden from assistive technology', () => {
    render(<EmptyState title="لا توجد دروس قادمة" illustration={<NoLessonsIllustration />} />);
    const status = screen.getByRole('status');
    const svg = status.querySelector('svg');
    expect(svg).not.toBeNull();
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
    // Drawn first, so the title still reads first of the words.
    expect(status.firstElementChild?.contains(svg ?? null)).toBe(true);
    expect(status.textContent).toBe('لا توجد دروس قادمة');
  });

  it('draws nothing without one', () => {
    const { container } = render(<EmptyState title="لا شيء" />);
    expect(container.querySelector('svg')).toBeNull();
  });

  it.each([
    ['lessons', NoLessonsIllustration],
    ['chats', NoChatsIllustration],
    ['payments', NoPaymentsIllustration],
    ['results', NoResultsIllustration],
    ['not found', NotFoundIllustration],
  ])('%s: a sized, decorative drawing', (_name, Illustration) => {
    const { container } = render(<Illustration className="h-24" />);
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('width')).toBe('160');
    expect(svg?.getAttribute('height')).toBe('120');
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
    expect(svg?.getAttribute('class')).toBe('h-24');
  });

  it('the 404 page shows its signpost', () => {
    const { container } = render(<NotFoundPage />);
    expect(container.querySelector('svg[data-illustration]')).not.toBeNull();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { SegmentedControl } from '../src/index';

afterEach(cleanup);

const OPTIONS = [
  { value: 'month', label: 'شهر' },
  { value: 'quarter', label: 'ثلاثة أشهر', badge: 'وفّر ١٠٪' },
  { value: 'year', label: 'سنة' },
] as const;

function Controlled({ onChange }: { onChange: (value: string) => void }) {
  const [value, setValue] = useState<string>('month');
  return (
    <SegmentedControl
      legend="مدة الاشتراك"
      options={OPTIONS}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('SegmentedControl', () => {
  it('is a named group of radios with one checked, and shows the badges', () => {
    render(<Controlled onChange={() => {}} />);
    const group = screen.getByRole('group', { name: 'مدة الاشتراك' });
    expect(group).toBeTruthy();
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(radios).toHaveLength(3);
    expect(radios.filter((radio) => radio.checked).map((radio) => radio.value)).toEqual(['month']);
    expect(screen.getByText('وفّر ١٠٪')).toBeTruthy();
  });

  it('changes the choice by the arrow keys and by click', async () => {
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    const ui = userEvent.setup();
    (screen.getByRole('radio', { name: 'شهر' }) as HTMLInputElement).focus();
    await ui.keyboard('{ArrowDown}');
    expect(onChange).toHaveBeenLastCalledWith('quarter');

    await ui.click(screen.getByLabelText('سنة'));
    expect(onChange).toHaveBeenLastCalledWith('year');
    expect((screen.getByRole('radio', { name: 'سنة' }) as HTMLInputElement).checked).toBe(true);
  });
});

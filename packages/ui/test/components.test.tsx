import { useRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TOAST_DURATION_MS } from '@talaqa/domain';
import {
  Button,
  CenteredSpinner,
  ConfirmDialog,
  Dialog,
  Drawer,
  ERROR_MESSAGES,
  Input,
  NotFoundPage,
  Select,
  Sheet,
  Tabs,
  ToastProvider,
  UI_MESSAGES,
  useToast,
} from '../src/index';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Input', () => {
  it('shows the Arabic sentence for an error code and marks the field invalid', () => {
    render(<Input label="البريد الإلكتروني" dir="ltr" type="email" error="invalid-email" />);
    const input = screen.getByLabelText('البريد الإلكتروني');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('dir')).toBe('ltr');
    const message = screen.getByText(ERROR_MESSAGES['invalid-email']);
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
  });

  it('shows a written sentence as it is, and the hint, without aria-invalid when valid', () => {
    const { rerender } = render(<Input label="الاسم" hint="الاسم الأول واسم العائلة" />);
    const input = screen.getByLabelText('الاسم');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    const hint = screen.getByText('الاسم الأول واسم العائلة');
    expect(input.getAttribute('aria-describedby')).toBe(hint.id);

    rerender(<Input label="الاسم" hint="الاسم الأول واسم العائلة" error="اكتب اسمك" />);
    expect(screen.getByText('اكتب اسمك')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('Select', () => {
  it('labels a native select and shows its error', () => {
    render(
      <Select label="المستوى" error="invalid-english-level" defaultValue="">
        <option value="1">مبتدئ</option>
      </Select>,
    );
    const select = screen.getByLabelText('المستوى');
    expect(select.tagName).toBe('SELECT');
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(ERROR_MESSAGES['invalid-english-level'])).toBeTruthy();
  });
});

describe('Button', () => {
  it('is disabled and busy while loading', async () => {
    const onClick = vi.fn();
    const { rerender } = render(<Button onClick={onClick}>حفظ</Button>);
    const button = screen.getByRole('button', { name: 'حفظ' });
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);

    rerender(
      <Button onClick={onClick} loading>
        حفظ
      </Button>,
    );
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.querySelector('svg')).not.toBeNull();
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

function ToastButtons() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.success('تم حفظ التغييرات')}>
        success
      </button>
      <button type="button" onClick={() => toast.error('   ')}>
        empty
      </button>
    </>
  );
}

describe('Toast', () => {
  it('shows a toast and removes it after TOAST_DURATION_MS', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <ToastButtons />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByText('success'));
    const toast = screen.getByRole('status');
    expect(toast.textContent).toContain('تم حفظ التغييرات');
    expect(toast.parentElement?.getAttribute('aria-live')).toBe('polite');
    // Phones: along the bottom; wider screens: the top-left corner below the header.
    const region = toast.parentElement?.className.split(' ') ?? [];
    expect(region).toEqual(expect.arrayContaining(['bottom-4', 'sm:top-20', 'sm:left-4']));
    expect(region.some((name) => /^top-/.test(name))).toBe(false);

    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.queryByText('تم حفظ التغييرات')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('تم حفظ التغييرات')).toBeNull();
    expect(TOAST_DURATION_MS).toBe(4000);
  });

  it('logs an empty label as an error and shows nothing', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ToastProvider>
        <ToastButtons />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByText('empty'));
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('can be closed with its button', async () => {
    render(
      <ToastProvider>
        <ToastButtons />
      </ToastProvider>,
    );
    await userEvent.click(screen.getByText('success'));
    const toast = screen.getByRole('status');
    await userEvent.click(within(toast).getByRole('button', { name: UI_MESSAGES.close }));
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('Dialog', () => {
  it('opens from the keyboard, traps focus inside and closes with Escape', async () => {
    const user = userEvent.setup();
    render(
      <Dialog
        title="إضافة بطاقة"
        description="أدخل بيانات بطاقتك"
        trigger={<Button>إضافة بطاقة جديدة</Button>}
      >
        <p>المحتوى</p>
      </Dialog>,
    );
    const trigger = screen.getByRole('button', { name: 'إضافة بطاقة جديدة' });
    trigger.focus();
    await user.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('إضافة بطاقة')).toBeTruthy();
    expect(dialog.getAttribute('dir')).toBe('rtl');
    const close = within(dialog).getByRole('button', { name: 'إغلاق' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(close).toBeTruthy();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('closes with its close button', async () => {
    const user = userEvent.setup();
    render(<Dialog title="تأكيد" defaultOpen />);
    await user.click(screen.getByRole('button', { name: 'إغلاق' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('focus returns to the control that opened a modal', () => {
  function Opener({ kind }: { kind: 'confirm' | 'drawer' | 'sheet' }) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <Button onClick={() => setOpen(true)}>افتح</Button>
        {kind === 'confirm' && (
          <ConfirmDialog
            open={open}
            onOpenChange={setOpen}
            title="تسجيل الخروج؟"
            confirmLabel="خروج"
            onConfirm={() => setOpen(false)}
          />
        )}
        {kind === 'drawer' && (
          <Drawer title="القائمة" open={open} onOpenChange={setOpen}>
            <a href="/tutors">المعلمون</a>
          </Drawer>
        )}
        {kind === 'sheet' && (
          <Sheet title="المحادثة" open={open} onOpenChange={setOpen}>
            <input aria-label="رسالة" />
          </Sheet>
        )}
      </>
    );
  }

  it.each(['confirm', 'drawer', 'sheet'] as const)(
    'a %s opened from state, without a Radix trigger, gives focus back on close',
    async (kind) => {
      const user = userEvent.setup();
      render(<Opener kind={kind} />);
      const opener = screen.getByRole('button', { name: 'افتح' });
      opener.focus();
      await user.keyboard('{Enter}');
      const dialog = await screen.findByRole('dialog');
      expect(dialog.contains(document.activeElement)).toBe(true);
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(document.activeElement).toBe(opener);
    },
  );

  it('after a confirm button closes it too', async () => {
    const user = userEvent.setup();
    render(<Opener kind="confirm" />);
    const opener = screen.getByRole('button', { name: 'افتح' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'خروج' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

describe('Sheet', () => {
  it('holds focus while open and gives it back to the button that opened it', async () => {
    const user = userEvent.setup();
    function Harness() {
      const [open, setOpen] = useState(false);
      const opener = useRef<HTMLButtonElement>(null);
      return (
        <>
          <Button ref={opener} onClick={() => setOpen(true)}>
            المحادثة
          </Button>
          <Sheet title="محادثة الدرس" open={open} onOpenChange={setOpen} returnFocusTo={opener}>
            <input aria-label="اكتب رسالتك" />
          </Sheet>
        </>
      );
    }
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'المحادثة' });
    await user.click(opener);
    const sheet = await screen.findByRole('dialog', { name: 'محادثة الدرس' });
    expect(sheet.contains(document.activeElement)).toBe(true);
    await user.tab();
    await user.tab();
    expect(sheet.contains(document.activeElement)).toBe(true);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

describe('Tabs', () => {
  const items = [
    { value: 'cards', label: 'البطاقات', content: <p>محتوى البطاقات</p> },
    { value: 'wallets', label: 'المحافظ الإلكترونية', content: <p>محتوى المحافظ</p> },
    { value: 'fawry', label: 'فوري', content: <p>محتوى فوري</p> },
  ];

  it('switches with a click', async () => {
    const user = userEvent.setup();
    render(<Tabs label="طرق الدفع" items={items} />);
    expect(screen.getByText('محتوى البطاقات')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'المحافظ الإلكترونية' }));
    expect(
      screen.getByRole('tab', { name: 'المحافظ الإلكترونية' }).getAttribute('aria-selected'),
    ).toBe('true');
    expect(screen.getByText('محتوى المحافظ')).toBeTruthy();
    expect(screen.queryByText('محتوى البطاقات')).toBeNull();
  });

  it('moves to the next tab with ArrowLeft, as right-to-left reading does', async () => {
    const user = userEvent.setup();
    render(<Tabs label="طرق الدفع" items={items} />);
    expect(screen.getByRole('tablist').getAttribute('aria-label')).toBe('طرق الدفع');
    screen.getByRole('tab', { name: 'البطاقات' }).focus();
    await user.keyboard('{ArrowLeft}');
    const wallets = screen.getByRole('tab', { name: 'المحافظ الإلكترونية' });
    expect(document.activeElement).toBe(wallets);
    expect(wallets.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('محتوى المحافظ')).toBeTruthy();
  });
});

describe('NotFoundPage', () => {
  it('renders the 404 title, subtitle and a link home', () => {
    render(<NotFoundPage />);
    expect(screen.getByRole('heading', { level: 1, name: UI_MESSAGES.notFoundTitle })).toBeTruthy();
    expect(screen.getByText(UI_MESSAGES.notFoundSubtitle)).toBeTruthy();
    const home = screen.getByRole('link', { name: UI_MESSAGES.notFoundButton });
    expect(home.getAttribute('href')).toBe('/');
    expect(document.title).toContain(UI_MESSAGES.notFoundTitle);
  });
});

describe('CenteredSpinner', () => {
  it('is a status with the Arabic loading label', () => {
    render(<CenteredSpinner />);
    expect(screen.getByRole('status').textContent).toBe('جارٍ التحميل');
  });
});

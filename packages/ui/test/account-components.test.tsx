import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import {
  CodeInput,
  ERROR_MESSAGES,
  ImageUpload,
  PasswordInput,
  Stepper,
  UI_MESSAGES,
  initialsOf,
  normaliseCode,
} from '../src/index';
import type { ImageUploadControls } from '../src/index';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

function choose(file: File) {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

describe('Stepper', () => {
  it('marks the current step and writes "step n of m" in ar-EG digits', () => {
    render(<Stepper steps={['أ', 'ب', 'ج']} current={1} label="الخطوات" />);
    expect(screen.getByText('الخطوة ٢ من ٣')).toBeTruthy();
    const items = screen.getAllByRole('listitem');
    expect(items[1]?.getAttribute('aria-current')).toBe('step');
    expect(items[0]?.textContent).toContain(UI_MESSAGES.stepDone);
  });
});

describe('CodeInput', () => {
  it('keeps at most five Latin digits, turning Arabic-Indic ones into Latin', async () => {
    function Harness() {
      const [value, setValue] = useState('');
      return (
        <>
          <CodeInput label="رمز التأكيد" onChange={(event) => setValue(event.target.value)} />
          <output>{value}</output>
        </>
      );
    }
    render(<Harness />);
    const input = screen.getByLabelText('رمز التأكيد');
    expect(input.getAttribute('dir')).toBe('ltr');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    await userEvent.type(input, '١٢a٣');
    expect((input as HTMLInputElement).value).toBe('123');
    expect(normaliseCode('٩٨ ٧٦٥٤٣')).toBe('98765');
  });
});

describe('PasswordInput', () => {
  it('shows and hides what was typed', async () => {
    render(<PasswordInput label="كلمة المرور" />);
    const input = screen.getByLabelText('كلمة المرور');
    expect(input.getAttribute('type')).toBe('password');
    await userEvent.click(screen.getByRole('button', { name: UI_MESSAGES.showPassword }));
    expect(input.getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: UI_MESSAGES.hidePassword })).toBeTruthy();
  });
});

describe('Avatar', () => {
  it('uses the first letters of the first two names', () => {
    expect(initialsOf('  أحمد   علي حسن ')).toBe('أ ع');
  });
});

describe('ImageUpload', () => {
  it('refuses a file that is not a JPG, PNG or GIF by its bytes, before sending it', async () => {
    const upload = vi.fn();
    render(<ImageUpload label="صورتك" name="سارة أحمد" upload={upload} />);
    choose(new File(['GIF? no, text'], 'photo.png', { type: 'image/png' }));
    expect(await screen.findByText(ERROR_MESSAGES['invalid-image-type'])).toBeTruthy();
    expect(screen.queryByRole('button', { name: UI_MESSAGES.imageUploadStart })).toBeNull();
    expect(upload).not.toHaveBeenCalled();
  });

  it('refuses a file over the size limit', async () => {
    render(<ImageUpload label="صورتك" name="سارة أحمد" upload={vi.fn()} maxBytes={8} />);
    choose(new File([PNG], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText(ERROR_MESSAGES['file-too-large'])).toBeTruthy();
  });

  it('uploads with a progress bar, and a cancel that aborts the request', async () => {
    let controls: ImageUploadControls | undefined;
    const upload = vi.fn(
      (_file: File, given: ImageUploadControls) =>
        new Promise((_resolve, reject) => {
          controls = given;
          given.signal.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    );
    const onError = vi.fn();
    render(<ImageUpload label="صورتك" name="سارة أحمد" upload={upload} onError={onError} />);
    choose(new File([PNG], 'face.png', { type: 'image/png' }));
    await userEvent.click(
      await screen.findByRole('button', { name: UI_MESSAGES.imageUploadStart }),
    );
    expect(upload).toHaveBeenCalledTimes(1);

    controls?.onProgress(0.5);
    const bar = await screen.findByRole('progressbar');
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));

    await userEvent.click(screen.getByRole('button', { name: UI_MESSAGES.imageUploadCancel }));
    expect(controls?.signal.aborted).toBe(true);
    expect(await screen.findByText(UI_MESSAGES.imageUploadCanceled)).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(onError).not.toHaveBeenCalled();
  });

  it('reports a successful upload', async () => {
    const onUploaded = vi.fn();
    render(
      <ImageUpload
        label="صورتك"
        name="سارة أحمد"
        upload={async () => ({ id: 1 })}
        onUploaded={onUploaded}
      />,
    );
    choose(new File([PNG], 'face.png', { type: 'image/png' }));
    await userEvent.click(
      await screen.findByRole('button', { name: UI_MESSAGES.imageUploadStart }),
    );
    expect(await screen.findByText(UI_MESSAGES.imageUploaded)).toBeTruthy();
    expect(onUploaded).toHaveBeenCalledWith({ id: 1 });
  });
});

import { DATE_PATTERNS, type Lang } from '@openvisit/contract';
import { fireEvent, waitFor, within } from '@testing-library/react';
import type { Dayjs } from 'dayjs';
import { expect } from 'vitest';

/** Types into one antd picker and confirms with Enter, as a user typing instead of clicking the panel. */
async function typeInto(input: HTMLInputElement, value: string): Promise<void> {
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  await waitFor(() => expect(input.value).toBe(value));
}

/**
 * Chooses a moment in a `DateTimeInput` labelled `label`: jsdom matches no media query, so the input is the phone's
 * pair of a date and a time picker (platform/components/DateTimeInput.tsx), typed in the page's language's format.
 */
export async function pickDateTime(label: string, at: Dayjs, within_: HTMLElement = document.body, lang: Lang = 'en'): Promise<void> {
  const box = within(within_);
  await typeInto(box.getByLabelText(`${label}: date`) as HTMLInputElement, at.format(DATE_PATTERNS[lang].date));
  await typeInto(box.getByLabelText(`${label}: time`) as HTMLInputElement, at.format('HH:mm'));
}

/** Chooses a day in an antd `DatePicker` (its input, found by the caller), typed in the page's language's format. */
export async function pickDate(input: HTMLElement, at: Dayjs, lang: Lang = 'en'): Promise<void> {
  await typeInto(input as HTMLInputElement, at.format(DATE_PATTERNS[lang].date));
}

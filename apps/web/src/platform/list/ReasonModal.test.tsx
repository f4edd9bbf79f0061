import { Status } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../apiError';
import { i18n } from '../i18n';
import { ReasonModal } from './ReasonModal';

function open(props: { onSubmit: (reason: string) => Promise<unknown>; fieldErrors?: boolean; required?: boolean }) {
  render(
    <App>
      <ReasonModal open title="Refuse Wang" okText="Refuse" label="Reason" max={10} pending={false} onCancel={() => undefined} {...props} />
    </App>,
  );
  const box = screen.getByLabelText('Reason');
  const ok = () => fireEvent.click(screen.getByRole('button', { name: 'Refuse' }));
  return { box, ok };
}

describe('ReasonModal', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('asks for a reason, refuses one past the limit counted after trimming, and sends it trimmed', async () => {
    const onSubmit = vi.fn(async () => undefined);
    const { box, ok } = open({ onSubmit });
    ok();
    expect(await screen.findByText('Required')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'x'.repeat(11) } });
    expect(await screen.findByText('Too long: at most 10 characters')).toBeTruthy();
    fireEvent.change(box, { target: { value: `  ${'x'.repeat(10)}  ` } });
    ok();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('x'.repeat(10)));
  });

  it('an optional remark may be empty; a field failure of the server lands on it', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError({ status: Status.BAD_PARAMS, reason: 'bad', result: { errors: [{ field: 'reason', rule: 'tooLong' }] } });
    });
    const { ok } = open({ onSubmit, required: false, fieldErrors: true });
    ok();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(''));
    expect(await screen.findByText(/Too long/)).toBeTruthy();
  });
});

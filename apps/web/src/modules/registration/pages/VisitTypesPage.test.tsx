import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { RegistrationStep } from '../guide/RegistrationStep';
import { field, ok, renderAt, renderWithProviders, stubServer, visitorType } from '../testing';
import { VisitTypesPage } from './VisitTypesPage';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

const FIELDS = [
  field(1, 'vname', '姓名#Name', { types: [{ tid: 7, required: true }] }),
  field(2, 'vphone', '手机号#Phone', { types: [{ tid: 7, required: true }] }),
  field(3, 'plateNum', '车牌号#Plate number'),
  field(4, 'ext_aaaa0001', '部门#Department', { inputType: 'text', standard: false }),
];
const TYPES = [
  visitorType(7, '商务#Business', {
    reasons: ['开会#Meeting'],
    fields: [
      { eid: 1, required: true },
      { eid: 2, required: true },
    ],
  }),
  visitorType(8, '送货#Delivery'),
];

const open = (url = '/setting/vset') => renderAt('/setting/vset', url, <VisitTypesPage />);

describe('VisitTypesPage', () => {
  it('edits the selected type with both names and its reasons checked as typed, and saves them', async () => {
    const server = stubServer({
      getVisitorType: ok(TYPES),
      GetExtendVisitor: ok(FIELDS),
      getGate: ok([{ gid: 3, gname: 'North', accounts: 0, visitTypes: 0 }]),
      updateVisitorType: (b) => ({ status: 0, result: { ...TYPES[0], ...b } }),
    });
    const router = open('/setting/vset?tid=7');
    const editor = await screen.findByTestId('type-editor');
    expect((within(editor).getByTestId('type-name-zh') as HTMLInputElement).value).toBe('商务');
    expect((within(editor).getByTestId('type-name-en') as HTMLInputElement).value).toBe('Business');

    fireEvent.change(within(editor).getByTestId('type-name-en'), { target: { value: '' } });
    expect(await within(editor).findByText('Required')).toBeTruthy();
    fireEvent.change(within(editor).getByTestId('type-name-en'), { target: { value: 'Business#VIP' } });
    expect(await within(editor).findByText('No #, commas or control characters')).toBeTruthy();
    fireEvent.change(within(editor).getByTestId('type-name-en'), { target: { value: 'Business visit' } });

    // A second reason equal to the first is refused as typed.
    fireEvent.click(within(editor).getByText('Add a reason'));
    const reasons = within(editor).getByTestId('type-reasons');
    fireEvent.change(within(reasons).getByLabelText('Add a reason 2 Chinese'), { target: { value: '开会' } });
    fireEvent.change(within(reasons).getByLabelText('Add a reason 2 English'), { target: { value: 'meeting' } });
    expect(await within(reasons).findByText('Appears twice')).toBeTruthy();
    fireEvent.change(within(reasons).getByLabelText('Add a reason 2 English'), { target: { value: 'Tour' } });
    fireEvent.change(within(reasons).getByLabelText('Add a reason 2 Chinese'), { target: { value: '参观' } });
    await waitFor(() => expect(within(reasons).queryByText('Appears twice')).toBeNull());

    fireEvent.click(within(editor).getByTestId('type-save'));
    await waitFor(() => expect(server.bodies('updateVisitorType')).toHaveLength(1));
    expect(server.bodies('updateVisitorType')[0]).toEqual({
      tid: 7,
      vType: '商务#Business visit',
      povDays: 1,
      gids: [],
      reasons: ['开会#Meeting', '参观#Tour'],
      subTypes: [],
    });
    // Another type is selected through the URL.
    fireEvent.click(within(screen.getByTestId('types-list')).getByText('Delivery'));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('tid')).toBe('8'));
  });

  it('adds a type (78 on its names), shows and requires fields per type, and adds a choice field with its options', async () => {
    const server = stubServer({
      getVisitorType: ok(TYPES),
      GetExtendVisitor: ok(FIELDS),
      getGate: ok([]),
      addVisitorType: (b) => (b.vType === '送货#Delivery' ? { status: 78, result: null } : { status: 0, result: visitorType(9, String(b.vType)) }),
      updateVisitorType: (b) => ({ status: 0, result: { ...TYPES[0], ...b } }),
      addExtendVisitor: (b) => ({ status: 0, result: field(5, 'ext_b', String(b.displayName), { standard: false }) }),
    });
    open();
    fireEvent.click(await screen.findByTestId('type-add'));
    const modal = await screen.findByTestId('type-add-modal');
    fireEvent.change(within(modal).getByTestId('type-name-zh'), { target: { value: '送货' } });
    fireEvent.change(within(modal).getByTestId('type-name-en'), { target: { value: 'Delivery' } });
    fireEvent.click(within(modal).getByText('Save'));
    await waitFor(() => expect(within(modal).getAllByText('Another visitor type already has this name')).toHaveLength(2));
    fireEvent.change(within(modal).getByTestId('type-name-zh'), { target: { value: '维修' } });
    fireEvent.change(within(modal).getByTestId('type-name-en'), { target: { value: 'Maintenance' } });
    fireEvent.click(within(modal).getByText('Save'));
    await waitFor(() => expect(server.bodies('addVisitorType')).toHaveLength(2));
    expect(server.bodies('addVisitorType')[1]).toMatchObject({ vType: '维修#Maintenance', povDays: 1 });

    // The fields of the first type: the name cannot be hidden; the plate number is shown, then required.
    const table = await screen.findByTestId('fields-table');
    expect((within(table).getByLabelText('Shown Name') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(table).getByLabelText('Shown Plate number'));
    await waitFor(() => expect(server.bodies('updateVisitorType')).toHaveLength(1));
    expect(server.bodies('updateVisitorType')[0]).toEqual({
      tid: 7,
      fields: [
        { eid: 1, required: true },
        { eid: 2, required: true },
        { eid: 3, required: false },
      ],
    });

    fireEvent.click(screen.getByTestId('field-add'));
    const dialog = await screen.findByTestId('field-modal');
    fireEvent.change(within(dialog).getByTestId('field-name-zh'), { target: { value: '车型' } });
    fireEvent.change(within(dialog).getByTestId('field-name-en'), { target: { value: 'Vehicle' } });
    fireEvent.click(within(within(dialog).getByTestId('field-input-type')).getByText('Choice'));
    fireEvent.click(within(dialog).getByText('Save'));
    expect((await within(dialog).findByTestId('field-options-missing')).textContent).toBe('Required');
    expect(server.bodies('addExtendVisitor')).toHaveLength(0);
    fireEvent.click(within(dialog).getByText('Add an option'));
    fireEvent.change(within(dialog).getByLabelText('Add an option 1 Chinese'), { target: { value: '货车' } });
    fireEvent.change(within(dialog).getByLabelText('Add an option 1 English'), { target: { value: 'Truck' } });
    fireEvent.click(within(dialog).getByTestId('field-required'));
    fireEvent.click(within(dialog).getByText('Save'));
    await waitFor(() => expect(server.bodies('addExtendVisitor')).toHaveLength(1));
    expect(server.bodies('addExtendVisitor')[0]).toEqual({
      displayName: '车型#Vehicle',
      inputType: 'button',
      inputValue: ['货车#Truck'],
      placeholder: '',
      types: [{ tid: 7, required: true }],
    });
  });
});

describe('RegistrationStep (onboarding)', () => {
  it('adds the chosen common types and the company’s own, then goes on', async () => {
    const server = stubServer({
      getVisitorType: ok([]),
      addVisitorType: (b) => ({ status: 0, result: visitorType(1, String(b.vType)) }),
    });
    const onDone = vi.fn();
    renderWithProviders(<RegistrationStep isLast={false} onDone={onDone} />);
    const presets = await screen.findByTestId('guide-presets');
    // Business and interview are ticked at first.
    fireEvent.click(within(presets).getByText('Delivery'));
    fireEvent.change(screen.getByTestId('guide-type-zh'), { target: { value: '培训' } });
    fireEvent.click(screen.getByText('Save and continue'));
    expect(await screen.findByText('Fill in both the Chinese and the English name')).toBeTruthy();
    fireEvent.change(screen.getByTestId('guide-type-en'), { target: { value: 'Training' } });
    fireEvent.click(screen.getByText('Save and continue'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(server.bodies('addVisitorType').map((b) => b.vType)).toEqual(['面试#Interview', '商务#Business', '送货#Delivery', '培训#Training']);
  });
});

import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { samplePaper, samplePass } from '../../core/induction/testing';
import { i18n } from '../../platform/i18n';
import { sampleBooking } from '../../testing/sampleBooking';
import { stubServer } from '../../testing/stubServer';
import { DEFAULT_SETTINGS } from '../config';
import { KioskContext } from '../context';
import '../i18n';
import { testKiosk } from '../testing';
import { TruckScreen } from './TruckScreen';

const DRIVER = '11010519491231002X';

function renderTruck(country = 'CN') {
  const kiosk = testKiosk({ config: { settings: { ...DEFAULT_SETTINGS, country }, trucks: true } });
  render(
    <KioskContext.Provider value={kiosk}>
      <TruckScreen />
    </KioskContext.Provider>,
  );
  return kiosk;
}

const typeId = (value: string) => fireEvent.change(screen.getByLabelText('ID card number'), { target: { value } });

describe('kiosk: a truck driver signs the truck in and out by ID card', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('checks the ID number before sending anything', async () => {
    const server = stubServer({});
    renderTruck();
    typeId('110105194912310021');
    fireEvent.click(screen.getByTestId('truck-arrive'));
    expect(await screen.findByText('Check digit error')).toBeTruthy();
    expect(server.paths()).toEqual([]);
  });

  it('takes a passport number at a company abroad, and refuses what is no document number there either', async () => {
    const server = stubServer({ logisticsArrive: () => ({ status: 0, result: sampleBooking({ pstatus: 1, visitdate: Date.now() }) }) });
    const kiosk = renderTruck('DE');
    expect(screen.getByPlaceholderText('Passport or ID card number')).toBeTruthy();
    typeId('AB1');
    fireEvent.click(screen.getByTestId('truck-arrive'));
    expect(await screen.findByText('Incorrect format')).toBeTruthy();
    expect(server.paths()).toEqual([]);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'c01x00t47' } });
    fireEvent.click(screen.getByTestId('truck-arrive'));
    await waitFor(() => expect(kiosk.finish).toHaveBeenCalledOnce());
    expect(server.bodies('logisticsArrive')).toEqual([{ dcardId: 'C01X00T47' }]);
  });

  it('takes the induction its type asks for (69), then signs the truck in with the same ID card', async () => {
    let asked = false;
    const arrived = sampleBooking({ pstatus: 1, visitdate: Date.now(), logNum: 'L20261128000007' });
    const server = stubServer({
      logisticsArrive: () => {
        if (asked) return { status: 0, result: arrived };
        asked = true;
        return { status: 69, reason: 'Please take the exam', result: { qid: 3, sid: 5 } };
      },
      getRandomTopicList: () => ({ status: 0, result: { pass: null, paper: samplePaper({ video: null }) } }),
      examSubmit: () => ({
        status: 0,
        result: { pid: 41, passed: true, totalScore: 100, fullScore: 100, passScore: 60, pass: samplePass(), attemptsLeft: null, answers: [] },
      }),
    });
    const kiosk = renderTruck();
    typeId(DRIVER.toLowerCase());
    fireEvent.click(screen.getByTestId('truck-arrive'));
    expect(await screen.findByRole('heading', { name: 'Safety induction' })).toBeTruthy();
    await waitFor(() => expect(server.bodies('getRandomTopicList')).toEqual([{ sid: 5, lang: 'en' }]));
    fireEvent.click(await screen.findByRole('radio', { name: 'No' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Door A' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit my answers' }));
    await waitFor(() => expect(kiosk.finish).toHaveBeenCalledOnce());
    expect(kiosk.finish.mock.calls[0]?.[0]).toEqual({ kind: 'truck', move: 'arrive', booking: arrived });
    expect(server.bodies('logisticsArrive')).toEqual([{ dcardId: DRIVER }, { dcardId: DRIVER }]);
  });

  it('says when no truck of the driver is on site to sign out', async () => {
    stubServer({ logisticsLeave: () => ({ status: 602, reason: 'There is no approved booking for this driver today' }) });
    const kiosk = renderTruck();
    typeId(DRIVER);
    fireEvent.click(screen.getByTestId('truck-leave'));
    expect(await screen.findByText('No truck of this driver is on site. Please ask at the gatehouse.')).toBeTruthy();
    expect(kiosk.finish).not.toHaveBeenCalled();
  });
});

import { describe, expect, it } from 'vitest';
import { passInput, passList, vehicleInput, vehicleList } from './query';

describe('pass-record filters in the URL', () => {
  it('reads known values into the call’s input and leaves out malformed ones', () => {
    const f = passList.read(
      new URLSearchParams('q=%20张%20&gate=7&device=12&person=-1&direction=2&result=0&way=face&from=2026-01-01&to=2026-01-31&page=2&size=50'),
    );
    expect(passInput(f)).toEqual({
      startIndex: 50,
      requestedCount: 50,
      name: '张',
      gid: 7,
      eid: 12,
      vtype: -1,
      direction: 2,
      openStatus: 0,
      passWay: 'face',
      date: '2026-01-01',
      endDate: '2026-01-31',
    });
    const bad = passList.read(new URLSearchParams('gate=x&device=0&person=5&direction=3&result=9&way=retina&from=2026-02-30'));
    expect(passInput(bad)).toEqual({ startIndex: 0, requestedCount: 20 });
  });

  it('puts a reversed range right and keeps result 0 (failure), which is falsy', () => {
    const f = vehicleList.read(new URLSearchParams('plate=b12&result=0&from=2026-03-10&to=2026-03-01'));
    expect(vehicleInput(f)).toEqual({ startIndex: 0, requestedCount: 20, plateNum: 'b12', openStatus: 0, date: '2026-03-01', endDate: '2026-03-10' });
    expect(vehicleList.write(vehicleList.change(f, { result: undefined })).toString()).toBe('plate=b12&from=2026-03-01&to=2026-03-10');
  });
});

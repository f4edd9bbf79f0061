import { Status, type VisitorField, type VisitorType } from '@openvisit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEmployee, seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';

type Errors = { errors: { field: string; rule: string }[] };

describe('visitor types and fields', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
  });
  afterAll(() => t.close());

  const fieldsOf = async (token: string, tid?: number) => (await t.api.GetExtendVisitor(tid ? { tid } : {}, token)).result;

  it('no token 28; roles that may not manage 610; readers read', async () => {
    for (const name of ['getVisitorType', 'addVisitorType', 'updateVisitorType', 'delVisitorType', 'sortVisitorType']) {
      expect((await t.call(name, {})).status, name).toBe(Status.TOKEN_MISSING);
    }
    for (const name of ['GetExtendVisitor', 'addExtendVisitor', 'updateExtendVisitor', 'delExtendVisitor', 'sortExtendVisitor']) {
      expect((await t.call(name, {})).status, name).toBe(Status.TOKEN_MISSING);
    }
    const desk = await seedStaff(t, a.id, 2);
    const logistics = await seedStaff(t, a.id, 3);
    expect((await t.api.addVisitorType({ vType: '面试#Interview' }, desk.token)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.addExtendVisitor({ displayName: '部门#Department', inputType: 'text' }, desk.token)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.getVisitorType({}, logistics.token)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.getVisitorType({}, desk.token)).status).toBe(0);
    expect((await t.api.GetExtendVisitor({}, desk.token)).status).toBe(0);
    // A body naming another company is refused, never obeyed.
    expect((await t.api.getVisitorType({ userid: b.id }, a.token)).status).toBe(Status.NO_PERMISSION);
  });

  it('every company has the standard fields, the name locked; a new type shows the usual ones', async () => {
    const fields = await fieldsOf(a.token);
    expect(fields.map((f) => f.fieldName)).toEqual([
      'vname',
      'vphone',
      'cardId',
      'vcompany',
      'empid',
      'visitReason',
      'followers',
      'plateNum',
      'belongings',
      'temperature',
      'vemail',
      'photo',
    ]);
    expect(fields.every((f) => f.standard && f.inputType === 'standard')).toBe(true);
    expect(fields.filter((f) => f.locked).map((f) => f.fieldName)).toEqual(['vname']);
    const added = await t.api.addVisitorType({ vType: ' 面试 # Interview ', reasons: ['面试#Interview', 'Tour'], povDays: 3 }, a.token);
    expect(added.status).toBe(0);
    expect(added.result).toMatchObject({ vType: '面试#Interview', reasons: ['面试#Interview', 'Tour'], povDays: 3, gids: [], subTypes: [] });
    const byEid = new Map(fields.map((f) => [f.eid, f.fieldName]));
    expect(added.result.fields.map((f) => [byEid.get(f.eid), f.required])).toEqual([
      ['vname', true],
      ['vphone', true],
      ['vcompany', false],
      ['empid', true],
      ['visitReason', false],
      ['photo', false],
    ]);
    // The other company sees its own standard fields and no types.
    expect((await t.api.getVisitorType({}, b.token)).result).toEqual([]);
    expect((await fieldsOf(b.token)).map((f) => f.eid)).not.toContain(fields[0]?.eid);
  });

  it('names are two parts, each checked; 78 when either name is taken, whatever its case or language', async () => {
    const bad = async (body: object) => (await t.call<Errors>('addVisitorType', body, a.token)).result.errors;
    expect(await bad({ vType: 'Interview' })).toEqual([{ field: 'vType', rule: 'bothNames' }]);
    expect(await bad({ vType: '面试#' })).toEqual([{ field: 'vType', rule: 'bothNames' }]);
    expect(await bad({ vType: '' })).toEqual([{ field: 'vType', rule: 'required' }]);
    expect(await bad({ vType: 'a#b#c' })).toEqual([{ field: 'vType', rule: 'illegalChars' }]);
    expect(await bad({ vType: '面试,复试#Interview' })).toEqual([{ field: 'vType', rule: 'illegalChars' }]);
    expect(await bad({ vType: `${'长'.repeat(33)}#Long` })).toEqual([{ field: 'vType', rule: 'tooLong' }]);
    expect(await bad({ vType: '商务#Business', povDays: 400 })).toEqual([{ field: 'povDays', rule: 'too_big' }]);
    expect(await bad({ vType: '商务#Business', reasons: ['Meeting', 'meeting'] })).toEqual([{ field: 'reasons.1', rule: 'duplicate' }]);
    expect(await bad({ vType: '商务#Business', subTypes: [{ name: '' }] })).toEqual([{ field: 'subTypes.0.name', rule: 'required' }]);
    expect(await bad({ vType: '商务#Business', gids: [999999] })).toEqual([{ field: 'gids', rule: 'notFound' }]);
    expect((await t.api.addVisitorType({ vType: '面谈#INTERVIEW' }, a.token)).status).toBe(Status.VISITOR_TYPE_EXISTS);
    expect((await t.api.addVisitorType({ vType: '面试#Meeting' }, a.token)).status).toBe(Status.VISITOR_TYPE_EXISTS);
    // Another company may use the same names.
    expect((await t.api.addVisitorType({ vType: '面试#Interview' }, b.token)).status).toBe(0);
  });

  it('updates only what is given; sub-types, gates and the fields shown; another company’s type is 104', async () => {
    const types = (await t.api.getVisitorType({}, a.token)).result;
    const interview = types.find((x) => x.vType === '面试#Interview') as VisitorType;
    // Only the fields shown: nothing else changes.
    const same = await t.api.updateVisitorType({ tid: interview.tid, fields: interview.fields }, a.token);
    expect(same.result).toEqual(interview);
    const gate = (await t.api.addGate({ gname: 'North' }, a.token)).result.gid;
    const fields = await fieldsOf(a.token);
    const phone = fields.find((f) => f.fieldName === 'vphone')?.eid as number;
    const name = fields.find((f) => f.fieldName === 'vname')?.eid as number;
    const u = await t.api.updateVisitorType(
      {
        tid: interview.tid,
        subTypes: [{ name: '初试#First round', selected: true }, { name: '复试#Second round' }],
        gids: [gate],
        // Asking to hide the name, or to make it optional, changes nothing: it is shown and required everywhere.
        fields: [
          { eid: phone, required: false },
          { eid: name, required: false },
        ],
      },
      a.token,
    );
    expect(u.status).toBe(0);
    expect(u.result).toMatchObject({
      vType: '面试#Interview',
      povDays: 3,
      gids: [gate],
      subTypes: [
        { name: '初试#First round', selected: true },
        { name: '复试#Second round', selected: false },
      ],
    });
    expect(u.result.fields).toEqual([
      { eid: name, required: true },
      { eid: phone, required: false },
    ]);
    expect((await t.call<Errors>('updateVisitorType', { tid: interview.tid, fields: [{ eid: 999999 }] }, a.token)).result.errors).toEqual([
      { field: 'fields.0.eid', rule: 'notFound' },
    ]);
    const bType = (await t.api.getVisitorType({}, b.token)).result[0] as VisitorType;
    expect((await t.api.updateVisitorType({ tid: bType.tid, povDays: 9 }, a.token)).status).toBe(Status.VISITOR_TYPE_NOT_EXIST);
    expect((await t.api.delVisitorType({ tid: bType.tid }, a.token)).status).toBe(Status.VISITOR_TYPE_NOT_EXIST);
    // Another company's field cannot be shown by one of ours.
    const bField = (await fieldsOf(b.token))[1] as VisitorField;
    expect((await t.call<Errors>('updateVisitorType', { tid: interview.tid, fields: [{ eid: bField.eid }] }, a.token)).result.errors).toEqual([
      { field: 'fields.0.eid', rule: 'notFound' },
    ]);
    // Offered only at its gate.
    expect((await t.api.getVisitorType({ gid: gate }, a.token)).result.map((x) => x.tid)).toContain(interview.tid);
    expect((await t.api.getVisitorType({ gid: gate + 1000 }, a.token)).result.map((x) => x.tid)).not.toContain(interview.tid);
    // Renaming onto a taken name is 78; keeping its own name is fine.
    const other = (await t.api.addVisitorType({ vType: '送货#Delivery' }, a.token)).result;
    expect((await t.api.updateVisitorType({ tid: other.tid, vType: '面试#Delivery' }, a.token)).status).toBe(Status.VISITOR_TYPE_EXISTS);
    expect((await t.api.updateVisitorType({ tid: other.tid, vType: '送货#DELIVERY' }, a.token)).status).toBe(0);
  });

  it('custom fields: text, date and choice; names and keys unique; options required for a choice', async () => {
    const tid = (await t.api.getVisitorType({}, a.token)).result[0]?.tid as number;
    const bad = async (body: object) => (await t.call<Errors>('addExtendVisitor', body, a.token)).result.errors;
    expect(await bad({ displayName: '部门#Department', inputType: 'button' })).toEqual([{ field: 'inputValue', rule: 'required' }]);
    expect(await bad({ displayName: 'Department', inputType: 'text' })).toEqual([{ field: 'displayName', rule: 'bothNames' }]);
    expect(await bad({ displayName: '部门#Department', inputType: 'radio' })).toEqual([{ field: 'inputType', rule: 'invalid_value' }]);
    expect(await bad({ displayName: '部门#Department', inputType: 'text', fieldName: 'vphone' })).toEqual([{ field: 'fieldName', rule: 'reserved' }]);
    expect(await bad({ displayName: '部门#Department', inputType: 'text', fieldName: '1x' })).toEqual([{ field: 'fieldName', rule: 'format' }]);
    expect(await bad({ displayName: '部门#Department', inputType: 'text', types: [{ tid: 999999 }] })).toEqual([
      { field: 'types.0.tid', rule: 'notFound' },
    ]);
    expect(await bad({ displayName: '级别#Level', inputType: 'button', inputValue: ['A', 'a'] })).toEqual([
      { field: 'inputValue.1', rule: 'duplicate' },
    ]);

    const dept = await t.api.addExtendVisitor(
      { displayName: '部门#Department', inputType: 'text', placeholder: '请输入部门#Your department', types: [{ tid, required: true }] },
      a.token,
    );
    expect(dept.status).toBe(0);
    expect(dept.result).toMatchObject({ displayName: '部门#Department', inputType: 'text', standard: false, types: [{ tid, required: true }] });
    expect(dept.result.fieldName).toMatch(/^ext_[0-9a-f]{8}$/);
    const level = await t.api.addExtendVisitor(
      { displayName: '级别#Level', inputType: 'button', inputValue: ['高#High', '低#Low'], fieldName: 'level' },
      a.token,
    );
    expect(level.result).toMatchObject({ fieldName: 'level', inputValue: ['高#High', '低#Low'], types: [] });
    const day = await t.api.addExtendVisitor({ displayName: '离开日期#Leaving on', inputType: 'date', placeholder: 'ignored' }, a.token);
    expect(day.result).toMatchObject({ inputType: 'date', placeholder: '' });
    expect((await t.api.addExtendVisitor({ displayName: '部门#Section', inputType: 'text' }, a.token)).status).toBe(Status.ALREADY_EXISTS);
    expect((await t.api.addExtendVisitor({ displayName: '等级#Grade', inputType: 'text', fieldName: 'LEVEL' }, a.token)).status).toBe(
      Status.ALREADY_EXISTS,
    );
    // A standard field's name is taken too.
    expect((await t.api.addExtendVisitor({ displayName: '电话#Phone', inputType: 'text' }, a.token)).status).toBe(Status.ALREADY_EXISTS);

    // With tid: only the fields that type shows, in order, with its flags.
    const shown = await fieldsOf(a.token, tid);
    expect(shown.map((f) => f.eid)).toContain(dept.result.eid);
    expect(shown.map((f) => f.eid)).not.toContain(level.result.eid);
    expect(shown.find((f) => f.eid === dept.result.eid)?.types).toEqual([{ tid, required: true }]);
    expect((await t.api.GetExtendVisitor({ tid: 999999 }, a.token)).status).toBe(Status.VISITOR_TYPE_NOT_EXIST);
  });

  it('updates fields (standard ones keep their kind), deletes custom ones only, reorders every field; foreign ids 602', async () => {
    const tid = (await t.api.getVisitorType({}, a.token)).result[0]?.tid as number;
    const fields = await fieldsOf(a.token);
    const level = fields.find((f) => f.fieldName === 'level') as VisitorField;
    const phone = fields.find((f) => f.fieldName === 'vphone') as VisitorField;
    const name = fields.find((f) => f.fieldName === 'vname') as VisitorField;

    const u = await t.api.updateExtendVisitor({ eid: level.eid, inputValue: ['高#High', '中#Medium'], types: [{ tid }] }, a.token);
    expect(u.result).toMatchObject({ inputValue: ['高#High', '中#Medium'], types: [{ tid, required: false }] });
    expect((await t.call<Errors>('updateExtendVisitor', { eid: level.eid, inputValue: [] }, a.token)).result.errors).toEqual([
      { field: 'inputValue', rule: 'required' },
    ]);
    const asText = await t.api.updateExtendVisitor({ eid: level.eid, inputType: 'text' }, a.token);
    expect(asText.result).toMatchObject({ inputType: 'text', inputValue: [] });
    expect((await t.call<Errors>('updateExtendVisitor', { eid: phone.eid, inputType: 'date' }, a.token)).result.errors).toEqual([
      { field: 'inputType', rule: 'standard' },
    ]);
    const renamed = await t.api.updateExtendVisitor({ eid: phone.eid, displayName: '手机#Mobile', placeholder: '11 位#11 digits' }, a.token);
    expect(renamed.result).toMatchObject({ displayName: '手机#Mobile', placeholder: '11 位#11 digits', standard: true });
    // The name cannot be hidden.
    const n = await t.api.updateExtendVisitor({ eid: name.eid, types: [] }, a.token);
    expect(n.result.types.length).toBeGreaterThan(0);
    expect(n.result.types.every((x) => x.required)).toBe(true);
    expect((await t.api.delExtendVisitor({ eid: phone.eid }, a.token)).status).toBe(Status.UPDATE_NOT_ALLOWED);

    const bField = (await fieldsOf(b.token))[0] as VisitorField;
    expect((await t.api.updateExtendVisitor({ eid: bField.eid, displayName: '甲#A' }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.delExtendVisitor({ eid: bField.eid }, a.token)).status).toBe(Status.NO_SUCH_RECORD);

    const ids = fields.map((f) => f.eid);
    const reversed = [...ids].reverse();
    expect((await t.call<Errors>('sortExtendVisitor', { eids: ids.slice(1) }, a.token)).result.errors).toEqual([
      { field: 'eids', rule: 'invalid_value' },
    ]);
    expect((await t.api.sortExtendVisitor({ eids: [...ids.slice(1), bField.eid] }, a.token)).status).toBe(Status.BAD_PARAMS);
    const sorted = await t.api.sortExtendVisitor({ eids: reversed }, a.token);
    expect(sorted.result.map((f) => f.eid)).toEqual(reversed);
    // A type's fields follow the shared order.
    const type = (await t.api.getVisitorType({}, a.token)).result.find((x) => x.tid === tid) as VisitorType;
    const pos = new Map(reversed.map((id, i) => [id, i]));
    expect(type.fields.map((f) => pos.get(f.eid))).toEqual([...type.fields.map((f) => pos.get(f.eid))].sort((x, y) => (x ?? 0) - (y ?? 0)));

    expect((await t.api.delExtendVisitor({ eid: level.eid }, a.token)).status).toBe(0);
    expect((await fieldsOf(a.token)).map((f) => f.eid)).not.toContain(level.eid);
  });

  it('reorders types; deletes a type, refused while visits name it', async () => {
    const types = (await t.api.getVisitorType({}, a.token)).result;
    const tids = types.map((x) => x.tid).reverse();
    expect((await t.api.sortVisitorType({ tids }, a.token)).result.map((x) => x.tid)).toEqual(tids);
    expect((await t.call('sortVisitorType', { tids: [tids[0], tids[0]] }, a.token)).status).toBe(Status.BAD_PARAMS);

    // A type asking only the visitor's name, so the walk-in below fills everything it requires.
    const used = (await t.api.addVisitorType({ vType: '访问#Visit', fields: [] }, a.token)).result;
    const host = await seedEmployee(t, a.id);
    const desk = await seedStaff(t, a.id, 2);
    const walkIn = await t.api.UpdatePhoto(
      { vname: 'Visitor One', vphone: '13700000001', empid: host.id, tid: used.tid, visitType: used.vType, protocolAccepted: true },
      desk.token,
    );
    expect(walkIn.status).toBe(0);
    const refused = await t.api.delVisitorType({ tid: used.tid }, a.token);
    expect(refused.status).toBe(Status.UPDATE_NOT_ALLOWED);
    expect(refused.result).toEqual({ visits: 1 });
    const unused = types[1] as VisitorType;
    expect((await t.api.delVisitorType({ tid: unused.tid }, a.token)).status).toBe(0);
    expect((await t.api.getVisitorType({}, a.token)).result.map((x) => x.tid)).not.toContain(unused.tid);
    expect((await t.api.delVisitorType({ tid: unused.tid }, a.token)).status).toBe(Status.VISITOR_TYPE_NOT_EXIST);
  });

  it('logs every change in the operation log', async () => {
    const log = await t.api.getLogList({ requestedCount: 100 }, a.token);
    const rows = log.result.list.filter((r) => r.optModule === 7);
    expect(rows.some((r) => r.optEvent === 'add' && r.objName === '面试#Interview')).toBe(true);
    expect(rows.some((r) => r.optEvent === 'delete')).toBe(true);
  });
});

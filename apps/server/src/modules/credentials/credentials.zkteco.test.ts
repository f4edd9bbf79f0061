import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startZktecoDevice, type ZkDevice } from '../../../../../tools/zkteco-device.js';
import {
  parseZkInfo,
  parseZkRequest,
  parseZkResults,
  parseZkRtlog,
  parseZkUpload,
  ZK_FACE_OPTIONS,
  ZK_UNKNOWN_DEVICE,
  type ZkCommand,
  type ZkResult,
  type ZkUpload,
  zkCheck,
  zkDeleteFace,
  zkDeleteFaceTemplate,
  zkDeleteUser,
  zkEventResult,
  zkHandshakeAnswer,
  zkLocalTime,
  zkLocalToDate,
  zkPollAnswer,
  zkQueryFaces,
  zkQueryRecords,
  zkQueryUsers,
  zkSetCard,
  zkSetFace,
  zkSetUser,
  zkUploadAnswer,
} from './credentials.zkteco.js';

/** A JPEG as far as a terminal's first check goes (SOI marker), distinct per seed. */
const face = (seed: string) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(`face ${seed} ==`), Buffer.from([0xff, 0xd9])]);
const NOW = new Date('2026-12-02T10:00:00Z'); // 18:00:00 on a UTC+8 device

describe('ZKTeco PUSH protocol functions', () => {
  it('builds the handshake answer with stamps, delays, the time zone and the face options', () => {
    const text = zkHandshakeAnswer({ sn: 'CKJ1', attlogStamp: '17', timeZoneMinutes: 480, delaySec: 5, pushOptions: ['FaceFunOn'] });
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe('GET OPTION FROM: CKJ1');
    const expected = [
      'ATTLOGStamp=17',
      'OPERLOGStamp=None',
      'Delay=5',
      'ErrorDelay=30',
      'TimeZone=8',
      'Realtime=1',
      'PushOptionsFlag=1',
      'PushOptions=FaceFunOn',
    ];
    expect(lines).toEqual(expect.arrayContaining([...expected, 'MultiBioPhotoSupport=0:0:0:0:0:0:0:0:0:1:0']));
    expect(lines.find((l) => l.startsWith('TransFlag='))).toBe('TransFlag=TransData AttLog\tOpLog\tEnrollUser\tChgUser\tUserPic\tBioPhoto');
    expect(zkHandshakeAnswer({ sn: 'X', timeZoneMinutes: 330 })).toContain('TimeZone=330\n');
    expect(zkHandshakeAnswer({ sn: 'X', timeZoneMinutes: -300 })).toContain('TimeZone=-5\n');
    expect(zkHandshakeAnswer({ sn: 'X', timeZoneMinutes: 0 })).not.toContain('PushOptionsFlag');
  });

  it('answers a poll with OK or C:<id>:<command> lines up to the size bound, and refuses what would break the framing', () => {
    expect(zkPollAnswer([])).toEqual({ text: 'OK', sent: 0 });
    const two = [
      { id: '7', text: 'CHECK' },
      { id: 'a8', text: zkDeleteUser('1001') },
    ];
    expect(zkPollAnswer(two)).toEqual({ text: 'C:7:CHECK\nC:a8:DATA DELETE USERINFO PIN=1001\n', sent: 2 });
    expect(zkPollAnswer(two, 20)).toEqual({ text: 'C:7:CHECK\n', sent: 1 });
    expect(() => zkPollAnswer([{ id: '1', text: 'x'.repeat(30) }], 20)).toThrow();
    expect(() => zkPollAnswer([{ id: '1:2', text: 'CHECK' }])).toThrow();
    expect(() => zkPollAnswer([{ id: '12345678901234567', text: 'CHECK' }])).toThrow();
    expect(() => zkPollAnswer([{ id: '1', text: 'CHECK\nC:2:REBOOT' }])).toThrow();
    expect(zkUploadAnswer(3)).toBe('OK:3');
  });

  it('formats a user: fields escaped, the name cut to the device bytes on a character edge, the window', () => {
    expect(zkSetUser({ pin: '1001', name: 'Ann\tLee\r\nX', card: '123456' })).toBe(
      'DATA UPDATE USERINFO PIN=1001\tName=Ann Lee X\tPri=0\tPasswd=\tCard=123456\tGrp=1',
    );
    const long = zkSetUser({ pin: '1', name: '张三李四王五赵六钱七孙八', validFrom: '2026-12-02 08:00:00', validTo: null }, { nameMaxBytes: 10 });
    expect(long).toBe(
      'DATA UPDATE USERINFO PIN=1\tName=张三李\tPri=0\tPasswd=\tCard=\tGrp=1\tStartDatetime=2026-12-02T08:00:00\tEndDatetime=2099-12-31T23:59:59\tExpires=1',
    );
    expect(zkSetUser({ pin: '2', name: 'x', validFrom: null, validTo: null })).toMatch(/\tStartDatetime=\tEndDatetime=\tExpires=0$/);
    expect(zkSetCard({ pin: '5', name: 'B' }, '99')).toContain('\tCard=99\t');
    for (const pin of ['0', '0123', '12a', '1234567890123', '']) expect(() => zkSetUser({ pin, name: 'x' })).toThrow();
    expect(() => zkSetUser({ pin: '1', name: 'x', card: '12 34' })).toThrow();
    expect(() => zkSetUser({ pin: '1', name: 'x', validTo: '2026-12-02' })).toThrow();
  });

  it('formats the face as a type 9 comparison photo, its deletion and the readbacks', () => {
    const jpeg = face('a');
    const b64 = jpeg.toString('base64');
    const photo = `DATA UPDATE BIOPHOTO PIN=42\tType=9\tNo=0\tIndex=0\tSize=${b64.length}\tContent=${b64}\tFormat=0\tPostBackTmpFlag=0`;
    expect(zkSetFace('42', jpeg)).toBe(photo);
    expect(zkSetFace('42', jpeg, { postBackTemplate: true })).toMatch(/\tPostBackTmpFlag=1$/);
    expect(() => zkSetFace('42', Buffer.from('PNG'))).toThrow();
    expect([zkDeleteFace('42'), zkDeleteFaceTemplate('42')]).toEqual(['DATA DELETE BIOPHOTO PIN=42\tType=9', 'DATA DELETE BIODATA Pin=42\tType=9']);
    expect([zkQueryUsers(), zkQueryUsers('42'), zkQueryFaces('42'), zkCheck()]).toEqual([
      'DATA QUERY USERINFO',
      'DATA QUERY USERINFO PIN=42',
      'DATA QUERY BIODATA Type=9\tPin=42',
      'CHECK',
    ]);
    expect(zkQueryRecords('2026-12-01 00:00:00', '2026-12-01 23:59:59')).toBe(
      'DATA QUERY ATTLOG StartTime=2026-12-01 00:00:00\tEndTime=2026-12-01 23:59:59',
    );
    expect(() => zkQueryRecords('2026-12-01', '2026-12-02')).toThrow();
  });

  it('parses command results, several per body, with the meaning of each code', () => {
    const results = parseZkResults(
      'ID=1&Return=0&CMD=DATA\r\nID=2&Return=-10&CMD=DATA\nID=3&Return=-1001&CMD=DATA\nID=4&Return=3&CMD=DATA\nID=5&Return=-77&CMD=X\n',
    );
    expect(results.map((r) => [r.id, r.code, r.ok, r.kind])).toEqual([
      ['1', 0, true, 'ok'],
      ['2', -10, false, 'unknownUser'],
      ['3', -1001, false, 'capacity'],
      ['4', 3, true, 'ok'],
      ['5', -77, false, 'other'],
    ]);
    expect(results[4]?.meaning).toContain('undocumented');
    expect(parseZkResults('ID=9&Return=-1005&CMD=DATA')[0]).toMatchObject({ kind: 'busy', retry: true });
    // The long form (INFO, Shell): one result over several lines.
    const info = parseZkResults('ID=6\nSN=CKJ1\nReturn=0\nCMD=INFO\nUserCount=3\n');
    expect(info).toHaveLength(1);
    expect(info[0]?.fields.UserCount).toBe('3');
  });

  it('parses uploads: attendance records, operation log lines with users and photos, PUSH 3 query rows', () => {
    const att = parseZkUpload('ATTLOG', '1001\t2026-12-02 18:00:00\t0\t15\t0\t0\t0\nA7\t2026-12-02 18:01:02\t1\t4\t\t0\t0\r\nnonsense\n');
    expect(att.records).toEqual([
      { pin: '1001', time: '2026-12-02 18:00:00', inOut: 0, verify: 15, verifyName: 'face', workCode: '0' },
      { pin: 'A7', time: '2026-12-02 18:01:02', inOut: 1, verify: 4, verifyName: 'card', workCode: '' },
    ]);
    expect(att.other).toEqual(['nonsense']);
    const body = [
      'OPLOG 30\t0\t2026-12-02 18:00:00\t2002\t0\t0\t0',
      'USER PIN=2002\tName=Bob Li\tPri=0\tPasswd=\tCard=77\tGrp=1\tTZ=0000000000000000\tVerify=-1\tViceCard=',
      'BIOPHOTO PIN=2002\tFileName=2002.jpg\tType=9\tNo=0\tIndex=0\tSize=8\tContent=/9j/AA==',
      'USERPIC PIN=2002\tFileName=2002.jpg\tSize=4\tContent=/9j/',
      'FP PIN=2002\tFID=0\tTMP=x',
    ].join('\n');
    const op = parseZkUpload('OPERLOG', body);
    expect(op.ops).toEqual([{ op: 30, operator: '0', time: '2026-12-02 18:00:00', who: '2002', values: ['0', '0', '0'] }]);
    expect(op.users).toEqual([{ pin: '2002', name: 'Bob Li', privilege: 0, card: '77', group: 1, password: '', validFrom: null, validTo: null }]);
    expect(op.faces).toEqual([
      { kind: 'biophoto', pin: '2002', type: 9, content: '/9j/AA==', size: 8, fileName: '2002.jpg' },
      { kind: 'userpic', pin: '2002', type: 0, content: '/9j/', size: 4, fileName: '2002.jpg' },
    ]);
    expect(op.other).toEqual(['FP PIN=2002\tFID=0\tTMP=x']);
    const bio = parseZkUpload('BIODATA', 'BIODATA Pin=7\tNo=0\tIndex=0\tValid=1\tDuress=0\tType=9\tMajorVer=58\tMinorVer=0\tFormat=0\tTmp=QUJD\n');
    expect(bio.templates).toEqual([{ pin: '7', type: 9, no: 0, index: 0, valid: true, majorVer: '58', tmp: 'QUJD' }]);
    const err = parseZkUpload('ERRORLOG', 'ERRORLOG ErrCode=D01E0001\tErrMsg=no face\tDataOrigin=cmd\tCmdId=12\tAdditional=\n');
    expect(err.errors).toEqual([{ code: 'D01E0001', message: 'no face', origin: 'cmd', cmdId: '12' }]);
    expect(parseZkUpload('options', 'FaceFunOn=1,MaxMultiBioPhotoCount=0:0:0:0:0:0:0:0:0:3000:0').options).toEqual({
      FaceFunOn: '1',
      MaxMultiBioPhotoCount: '0:0:0:0:0:0:0:0:0:3000:0',
    });
    const windowed = parseZkUpload('OPERLOG', 'USER PIN=3\tName=W\tStartDatetime=2026-12-01T00:00:00\tEndDatetime=2026-12-31T23:59:59\tExpires=1');
    expect(windowed.users[0]).toMatchObject({ validFrom: '2026-12-01 00:00:00', validTo: '2026-12-31 23:59:59' });
    const q = parseZkUpload('USER', 'user uid=1\tcardno=123\tpin=7\tpassword=\tgroup=1\tname=Ali\tprivilege=0\n');
    expect(q.users[0]).toMatchObject({ pin: '7', name: 'Ali', card: '123' });
  });

  it('parses door events (rtlog) and tells a granted pass from a refused one and from a door state', () => {
    const body = [
      'time=2026-12-02 18:00:00\tpin=9200000001\tcardno=0\teventaddr=1\tevent=0\tinoutstatus=0\tverifytype=15\tindex=7',
      'time=2026-12-02 18:00:05\tpin=0\tcardno=77770000\teventaddr=2\tevent=27\tinoutstatus=1\tverifytype=4\tindex=8',
      'no time here',
    ].join('\r\n');
    expect(parseZkRtlog(body)).toEqual([
      { time: '2026-12-02 18:00:00', pin: '9200000001', card: '', event: 0, door: 1, inOut: 0, verify: 15, index: '7' },
      { time: '2026-12-02 18:00:05', pin: '', card: '77770000', event: 27, door: 2, inOut: 1, verify: 4, index: '8' },
    ]);
    expect([0, 3, 14, 19].map(zkEventResult)).toEqual([1, 1, 1, 1]);
    expect([20, 23, 27, 29].map(zkEventResult)).toEqual([0, 0, 0, 0]);
    expect([5, 8, 102, 200, 255].map(zkEventResult)).toEqual([null, null, null, null, null]);
  });

  it('parses the request line of every device call, whatever the case of the parameters', () => {
    expect(parseZkRequest('GET', '/iclock/cdata?SN=CKJ1&options=all&pushver=2.4.1&language=69')).toMatchObject({ kind: 'handshake', sn: 'CKJ1' });
    expect(parseZkRequest('POST', '/iclock/cdata?sn=CKJ1&table=ATTLOG&Stamp=9')).toMatchObject({ kind: 'upload', table: 'ATTLOG', stamp: '9' });
    expect(parseZkRequest('POST', '/iclock/cdata?SN=CKJ1&table=OPERLOG&OpStamp=4')).toMatchObject({ table: 'OPERLOG', stamp: '4' });
    expect(parseZkRequest('GET', '/iclock/getrequest?SN=CKJ1&INFO=Ver%208.0,3,0,12,10.0.0.5,10,7,0,2').kind).toBe('poll');
    expect(parseZkRequest('POST', '/iclock/devicecmd?SN=CKJ1').kind).toBe('result');
    const q = parseZkRequest('POST', '/iclock/querydata?SN=CKJ1&type=tabledata&cmdid=5&tablename=user&count=1&packcnt=1&packidx=1');
    expect(q).toMatchObject({ kind: 'queryData', table: 'USER' });
    expect(parseZkInfo('Ver 8.0,3,0,12,10.0.0.5,10,7,0,2,11011,1,0')).toMatchObject({
      firmware: 'Ver 8.0',
      users: 3,
      records: 12,
      faces: 2,
      cards: 1,
    });
    expect(zkLocalTime(NOW, 480)).toBe('2026-12-02 18:00:00');
    expect(zkLocalToDate('2026-12-02 18:00:00', 480)?.toISOString()).toBe(NOW.toISOString());
    expect(zkLocalToDate('2026-12-02T18:00', 480)).toBeNull();
  });
});

/** The least a PUSH server does, built from the functions under test: known serials, a queue per device. */
class Peer {
  known = new Set<string>();
  queues = new Map<string, ZkCommand[]>();
  results: (ZkResult & { sn: string })[] = [];
  uploads: (ZkUpload & { sn: string; table: string; stamp: string })[] = [];
  stamps = new Map<string, string>();
  handshakes = 0;
  private nextId = 1;

  enqueue(sn: string, ...texts: string[]): string[] {
    const q = this.queues.get(sn) ?? [];
    const ids = texts.map((text) => {
      const id = String(this.nextId++);
      q.push({ id, text });
      return id;
    });
    this.queues.set(sn, q);
    return ids;
  }
  result = (id: string) => this.results.find((r) => r.id === id);
  uploaded = (sn: string, table: string) => this.uploads.filter((u) => u.sn === sn && u.table === table);

  answer(method: string, url: string, body: string): { status: number; text: string } {
    const req = parseZkRequest(method, url);
    if (!this.known.has(req.sn)) return req.kind === 'poll' ? { status: 200, text: ZK_UNKNOWN_DEVICE } : { status: 401, text: 'Unauthorized' };
    if (req.kind === 'handshake') {
      this.handshakes++;
      const attlogStamp = this.stamps.get(`${req.sn}:ATTLOG`);
      return { status: 200, text: zkHandshakeAnswer({ sn: req.sn, timeZoneMinutes: 480, attlogStamp, pushOptions: ZK_FACE_OPTIONS }) };
    }
    if (req.kind === 'poll') {
      const q = this.queues.get(req.sn) ?? [];
      const { text, sent } = zkPollAnswer(q);
      this.queues.set(req.sn, q.slice(sent));
      return { status: 200, text };
    }
    if (req.kind === 'result') {
      this.results.push(...parseZkResults(body).map((r) => ({ ...r, sn: req.sn })));
      return { status: 200, text: 'OK' };
    }
    const upload = parseZkUpload(req.table, body);
    this.uploads.push({ ...upload, sn: req.sn, table: req.table, stamp: req.stamp });
    if (req.stamp) this.stamps.set(`${req.sn}:${req.table}`, req.stamp);
    return { status: 200, text: zkUploadAnswer(body.split('\n').filter(Boolean).length) };
  }
}

describe('the ZKTeco device simulator against a PUSH peer', () => {
  const peer = new Peer();
  const devices: ZkDevice[] = [];
  let server: http.Server;
  let url = '';
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => {
        body += c;
      });
      req.on('end', () => {
        const a = peer.answer(req.method ?? 'GET', req.url ?? '', body);
        res.writeHead(a.status, { 'content-type': 'text/plain' }).end(a.text);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const d of devices) await d.stop();
    await new Promise((resolve) => server.close(resolve));
  });
  async function device(sn: string, o: { maxUsers?: number; nameMaxLen?: number } = {}) {
    peer.known.add(sn);
    const d = await startZktecoDevice({ server: url, sn, clock: () => NOW, ...o });
    devices.push(d);
    return d;
  }

  it('is refused while its serial is unknown, and handshakes once the server knows it', async () => {
    const d = await startZktecoDevice({ server: url, sn: 'NEW1', clock: () => NOW });
    devices.push(d);
    expect(d.state.connected).toBe(false);
    await d.pollOnce();
    expect(d.stats()).toMatchObject({ handshakes: 0, handshakeFailures: 2 });
    peer.known.add('NEW1');
    await d.pollOnce();
    expect(d.state).toMatchObject({ connected: true, timeZoneMinutes: 480 });
    // Asked for its face options in the handshake, the device reports them (table=options).
    expect(peer.uploaded('NEW1', 'OPTIONS')[0]?.options).toMatchObject({
      FaceFunOn: '1',
      MaxMultiBioPhotoCount: '0:0:0:0:0:0:0:0:0:3000:0',
      UserCount: '0',
    });
    peer.known.delete('NEW1'); // forgotten: the poll says UNKNOWN DEVICE and the device starts over
    await d.pollOnce();
    expect(d.state.connected).toBe(false);
  });

  it('takes a user with a card and a face, opens for them, and uploads each pass once (stamps)', async () => {
    const d = await device('CKJ1');
    const jpeg = face('ann');
    const [user, photo] = peer.enqueue(
      'CKJ1',
      zkSetUser({ pin: '1001', name: 'Ann', card: '123456' }),
      zkSetFace('1001', jpeg, { postBackTemplate: true }),
    );
    await d.pollOnce();
    expect([peer.result(user!)?.code, peer.result(photo!)?.code]).toEqual([0, 0]);
    expect(peer.uploaded('CKJ1', 'BIODATA')[0]?.templates.map((t) => [t.pin, t.type])).toEqual([['1001', 9]]);
    expect(d.state.users.get('1001')).toMatchObject({ name: 'Ann', card: '123456', privilege: 0 });
    expect(d.state.cards.get('123456')).toBe('1001');
    expect(d.pass({ face: jpeg })).toEqual({ granted: true, pin: '1001' });
    expect(d.pass({ card: '123456', inOut: 1 })).toEqual({ granted: true, pin: '1001' });
    expect(d.pass({ face: face('stranger') }).granted).toBe(false);
    await d.pollOnce();
    await d.pollOnce();
    const att = peer.uploaded('CKJ1', 'ATTLOG');
    expect(att).toHaveLength(1);
    expect(att[0]?.records.map((r) => [r.pin, r.time, r.inOut, r.verifyName])).toEqual([
      ['1001', '2026-12-02 18:00:00', 0, 'face'],
      ['1001', '2026-12-02 18:00:00', 1, 'card'],
    ]);
    expect(att[0]?.stamp).toBe('2');
    // The server lost the second record: its handshake stamp says 1, and the device sends the rest again.
    peer.stamps.set('CKJ1:ATTLOG', '1');
    peer.enqueue('CKJ1', zkCheck());
    await d.pollOnce();
    await d.pollOnce();
    const again = peer.uploaded('CKJ1', 'ATTLOG').slice(1);
    expect(again.flatMap((u) => u.records.map((r) => r.inOut))).toEqual([1]);
    // A query for a period sends them again without a stamp: the server's cursor stays where it is.
    const [query] = peer.enqueue('CKJ1', zkQueryRecords('2026-12-02 00:00:00', '2026-12-02 23:59:59'));
    await d.pollOnce();
    expect(peer.result(query!)?.code).toBe(2);
    expect(peer.uploaded('CKJ1', 'ATTLOG').at(-1)).toMatchObject({ stamp: '', records: [{ inOut: 0 }, { inOut: 1 }] });
    expect(peer.stamps.get('CKJ1:ATTLOG')).toBe('2');
  });

  it('enforces the window, deletes a face or the whole user, and answers queries by uploading its tables', async () => {
    const d = await device('CKJ2');
    peer.enqueue(
      'CKJ2',
      zkSetUser({ pin: '7', name: 'Old', validFrom: null, validTo: '2026-12-01 23:59:59' }),
      zkSetUser({ pin: '8', name: 'Eve', card: '88' }),
      zkSetFace('8', face('eve')),
    );
    await d.pollOnce();
    expect(d.pass({ pin: '7' }).granted).toBe(false);
    const [users, faces] = peer.enqueue('CKJ2', zkQueryUsers(), zkQueryFaces('8'));
    await d.pollOnce();
    expect(peer.result(users!)).toMatchObject({ ok: true, code: 2 });
    expect(peer.uploaded('CKJ2', 'OPERLOG')[0]?.users.map((u) => [u.pin, u.name, u.card])).toEqual([
      ['7', 'Old', ''],
      ['8', 'Eve', '88'],
    ]);
    expect(peer.result(faces!)?.code).toBe(1);
    const template = peer.uploaded('CKJ2', 'BIODATA')[0]?.templates[0];
    expect(template).toMatchObject({ pin: '8', type: 9, tmp: createHash('sha256').update(face('eve')).digest('base64') });
    // The photo goes, the template made from it stays until it is deleted too.
    const [delFace] = peer.enqueue('CKJ2', zkDeleteFace('8'));
    await d.pollOnce();
    expect([peer.result(delFace!)?.code, d.state.faces.has('8'), d.pass({ face: face('eve') }).granted]).toEqual([0, false, true]);
    const [delTemplate, delUser, again] = peer.enqueue('CKJ2', zkDeleteFaceTemplate('8'), zkDeleteUser('8'), zkDeleteUser('8'));
    await d.pollOnce();
    expect([delTemplate, delUser, again].map((id) => peer.result(id!)?.code)).toEqual([0, 0, 0]);
    expect([d.state.users.has('8'), d.state.cards.has('88'), d.state.templates.has('8')]).toEqual([false, false, false]);
    expect(d.pass({ face: face('eve') }).granted).toBe(false);
  });

  it('answers the documented error codes: unknown user, capacity, too long, bad parameter, unsupported', async () => {
    const d = await device('CKJ3', { maxUsers: 1, nameMaxLen: 8 });
    const ids = peer.enqueue(
      'CKJ3',
      zkSetFace('99', face('nobody')),
      zkSetUser({ pin: '1', name: 'One' }),
      zkSetUser({ pin: '2', name: 'Two' }),
      'DATA UPDATE USERINFO PIN=1\tName=Much too long',
      'DATA UPDATE USERINFO Name=no pin',
      `DATA UPDATE BIOPHOTO PIN=1\tType=9\tSize=3\tContent=${face('x').toString('base64')}`,
      'DATA UPDATE BIOPHOTO PIN=1\tType=2\tSize=4\tContent=AAAA',
      'ENROLL_BIO TYPE=9\tPIN=1',
      zkSetFace('1', face('NOFACE')),
    );
    await d.pollOnce();
    const kinds = ['unknownUser', 'ok', 'capacity', 'tooLong', 'badParameter', 'sizeMismatch', 'unsupported', 'unsupported', 'badParameter'];
    expect(ids.map((id) => peer.result(id)?.kind)).toEqual(kinds);
    // Why the photo did not enrol comes as an ERRORLOG line naming the command.
    expect(peer.uploaded('CKJ3', 'ERRORLOG')[0]?.errors).toEqual([{ code: 'D01E0001', message: 'no face detected', origin: 'cmd', cmdId: ids[8] }]);
    expect(d.state.users.get('1')?.name).toBe('One');
  });

  it('fails, drops and holds commands when told to', async () => {
    const d = await device('CKJ4');
    d.fault({ command: /PIN=1\t/, kind: 'fail', code: -1005 });
    d.fault({ command: /PIN=2\t/, kind: 'drop' });
    d.fault({ command: /PIN=3\t/, kind: 'hold', holdMs: 0 });
    const [failed, dropped, held] = peer.enqueue('CKJ4', ...['1', '2', '3'].map((pin) => zkSetUser({ pin, name: `U${pin}` })));
    await d.pollOnce();
    expect(peer.result(failed!)).toMatchObject({ code: -1005, kind: 'busy', retry: true });
    expect([peer.result(dropped!), peer.result(held!)]).toEqual([undefined, undefined]);
    expect([...d.state.users.keys()].sort()).toEqual(['2', '3']);
    await d.pollOnce();
    expect(peer.result(held!)?.code).toBe(0);
    expect(peer.result(dropped!)).toBeUndefined();
    expect(d.stats()).toMatchObject({ dropped: 1 });
  });

  it('reports a user enrolled at the device (OPERLOG new user, their row and face)', async () => {
    const d = await device('CKJ5');
    d.addSiteUser({ pin: '3003', name: 'Walk In', card: '303', face: face('walk') });
    await d.pollOnce();
    const op = peer.uploaded('CKJ5', 'OPERLOG')[0];
    expect(op?.ops.map((o) => [o.op, o.who, o.time])).toEqual([
      [30, '3003', '2026-12-02 18:00:00'],
      [101, '3003', '2026-12-02 18:00:00'],
    ]);
    expect(op?.users[0]).toMatchObject({ pin: '3003', name: 'Walk In', card: '303' });
    expect(op?.faces[0] && Buffer.from(op.faces[0].content, 'base64')).toEqual(face('walk'));
    expect(peer.uploaded('CKJ5', 'BIODATA')[0]?.templates[0]).toMatchObject({ pin: '3003', type: 9 });
    expect(d.pass({ face: face('walk') }).granted).toBe(true);
  });
});
